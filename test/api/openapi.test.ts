import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, it } from 'node:test';
import { documentProblems, operatorParts, SCHEMAS_BEFORE } from '../support/openapi.ts';
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

  it('is valid OpenAPI 3.1 with one schema per resource: no orphan, no twin', async () => {
    const { body } = await svc.call('GET', '/v2/openapi.json');
    assert.deepEqual(await documentProblems(body), []);
    const names = Object.keys(body.components.schemas);
    assert.ok(names.length < SCHEMAS_BEFORE, `${names.length} schemas`);
    // Request bodies used by requests only carry the resource's name, not the type provider's `Input` suffix.
    for (const name of ['CompanyRequest', 'OnboardingRequest', 'MonitorCreate', 'WebhookEndpointCreate', 'AccountCreate']) {
      assert.ok(body.components.schemas[name], name);
      assert.equal(body.components.schemas[`${name}Input`], undefined, `${name}Input`);
    }
    assert.deepEqual(body.paths['/v2/monitors'].post.requestBody.content['application/json'].schema, {
      $ref: '#/components/schemas/MonitorCreate',
    });
    assert.deepEqual(Object.keys(body.webhooks), ['monitor.notification']);
  });

  it("with ADMIN_TOKEN shows the operator API, its sandbox controls and the registers' record formats", async () => {
    const { body } = await svc.call('GET', '/v2/openapi.json');
    const parts = operatorParts(body);
    for (const part of [
      '/admin/accounts',
      '/admin/sandbox/{countryCode}/companies/{companyId}',
      '/admin/clock',
      'operator',
      'adminToken',
      'AccountCreate',
      'SandboxBehaviour',
      'TestSandboxRecord',
      'UsNySandboxRecord',
    ]) {
      assert.ok(parts.includes(part), part);
    }
    assert.ok(body.paths['/admin/clock'].post, 'POST /admin/clock');
  });

  it('renders at /docs the served document', async () => {
    const docs = await svc.call('GET', '/docs/json');
    assert.equal(docs.status, 200);
    assert.deepEqual(docs.body, (await svc.call('GET', '/v2/openapi.json')).body);
  });

  it('renders at /docs', async () => {
    const res = await fetch(`${svc.url}/docs/`, { redirect: 'follow' });
    assert.equal(res.status, 200);
    assert.match(await res.text(), /swagger/i);
  });
});
