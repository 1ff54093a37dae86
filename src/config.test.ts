import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from './config.ts';

test('a streamed search heartbeat of 0 is refused: it would send keep-alive comments in a busy loop', () => {
  assert.throws(() => loadConfig({ SEARCH_HEARTBEAT_MS: '0' }), /SEARCH_HEARTBEAT_MS/);
  assert.equal(loadConfig({}).SEARCH_HEARTBEAT_MS, 15_000);
  assert.equal(loadConfig({ SEARCH_HEARTBEAT_MS: '100' }).SEARCH_HEARTBEAT_MS, 100);
});
