import assert from 'node:assert/strict';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { FileSystemBlobStore } from './blobs.ts';

describe('FileSystemBlobStore', () => {
  const dir = mkdtempSync(join(tmpdir(), 'blobs-'));
  after(() => rmSync(dir, { recursive: true, force: true }));
  const store = new FileSystemBlobStore(dir);

  it('gives back what was put, and undefined for an unknown key', async () => {
    await store.put('doc_abc123', new Uint8Array([1, 2, 3]));
    assert.deepEqual([...((await store.get('doc_abc123')) ?? [])], [1, 2, 3]);
    assert.equal(await store.get('doc_nothing'), undefined);
    assert.deepEqual(readdirSync(join(dir, '23')), ['doc_abc123'], 'no partial file left behind');
  });

  it('refuses keys that could leave its directory', async () => {
    await assert.rejects(store.put('../escape', new Uint8Array([1])), /invalid blob key/);
    await assert.rejects(store.get('a/b'), /invalid blob key/);
  });
});
