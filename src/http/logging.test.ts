import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { redactCredentials } from './logging.ts';

describe('redactCredentials', () => {
  it('returns a line without credentials as it is', () => {
    const line = { method: 'GET', url: '/v2/search?country=TEST&query=acme', status: 200, account: { id: 'a1' } };
    assert.equal(redactCredentials(line), line);
  });

  it("redacts a copy and leaves the caller's object as it was", () => {
    const endpoint = { id: 'w1', secret: 'whsec_x', body: { secret: 'whsec_y', url: 'https://h.example/?token=t1' } };
    const line = { endpoint, headers: { 'X-Api-Key': 'rk_1', accept: 'application/json' } };
    const redacted = redactCredentials(line) as any;
    assert.deepEqual(redacted, {
      endpoint: { id: 'w1', secret: '[redacted]', body: { secret: '[redacted]', url: 'https://h.example/?token=[redacted]' } },
      headers: { 'X-Api-Key': '[redacted]', accept: 'application/json' },
    });
    assert.equal(endpoint.secret, 'whsec_x');
    assert.equal(line.headers['X-Api-Key'], 'rk_1');
  });
});
