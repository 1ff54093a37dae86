import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';

describe('the OpenAPI document', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  it('is served at /v2/openapi.json without a key and equals the committed copy', async () => {
    const res = await svc.call('GET', '/v2/openapi.json');
    assert.equal(res.status, 200);
    assert.equal(res.body.openapi, '3.1.0');
    const committed = JSON.parse(readFileSync(new URL('../../openapi.json', import.meta.url), 'utf8'));
    assert.deepEqual(res.body, committed);
  });

  it('documents every public operation and the shared schemas', async () => {
    const { body } = await svc.call('GET', '/v2/openapi.json');
    for (const path of [
      '/v2/search',
      '/v2/company',
      '/v2/company/{requestId}',
      '/v2/onboarding',
      '/v2/pricing',
      '/v2/billing/balance',
      '/admin/accounts',
    ]) {
      assert.ok(body.paths[path], path);
    }
    assert.equal(body.paths['/v2/onboarding'].post.deprecated, true);
    for (const schema of [
      'Company',
      'Individual',
      'LegalRepresentative',
      'Shareholder',
      'Graph',
      'DocumentItem',
      'SearchResult',
      'Error',
      'Request',
    ]) {
      assert.ok(body.components.schemas[schema], schema);
    }
  });

  it('renders at /docs', async () => {
    const res = await fetch(`${svc.url}/docs/`, { redirect: 'follow' });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /swagger/i);
  });
});
