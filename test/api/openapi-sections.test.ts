import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { loadConfig } from '../../src/config.ts';
import { buildApp } from '../../src/http/app.ts';
import type { Services } from '../../src/http/services.ts';
import { MANIFESTS } from '../../src/registers/index.ts';
import { RegisterRegistry } from '../../src/registers/registry.ts';
import { documentProblems, operatorParts } from '../support/openapi.ts';
import { startTestService, type TestService } from '../support/service.ts';

/** The sections of the document that depend on configuration: it shows what the running service serves. */
describe('the OpenAPI document without ADMIN_TOKEN', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ ADMIN_TOKEN: '' });
  });
  after(() => svc.close());

  it('has no operator paths, tag, schemas or security scheme, and no orphan schema', async () => {
    const res = await svc.call('GET', '/v2/openapi.json');
    assert.equal(res.status, 200);
    assert.deepEqual(operatorParts(res.body), []);
    assert.deepEqual(await documentProblems(res.body), []);
    assert.deepEqual(
      res.body.tags.map((t: { name: string }) => t.name),
      ['search', 'companies', 'billing', 'monitors', 'webhooks', 'api-keys', 'workspaces'],
    );
    assert.ok(res.body.paths['/v2/company'].post);
    assert.equal((await svc.call('POST', '/admin/accounts', { body: {} })).status, 404);
  });

  it('is what /docs renders', async () => {
    const docs = await svc.call('GET', '/docs/json');
    assert.equal(docs.status, 200);
    assert.deepEqual(operatorParts(docs.body), []);
  });
});

describe('the OpenAPI document with REGISTERS=live', () => {
  // Only the document is read: the app is built with the registers' manifests but no register, which would reach the real ones.
  let app: Awaited<ReturnType<typeof buildApp>>;
  let url: string;
  before(async () => {
    const config = loadConfig({ ADMIN_TOKEN: 'live-token', REGISTERS: 'live' });
    app = await buildApp({ config, registers: new RegisterRegistry([], MANIFESTS) } as Services);
    url = await app.listen({ port: 0, host: '127.0.0.1' });
  });
  after(() => app.close());

  it('has the operator API without the sandbox controls or record formats', async () => {
    const res = await fetch(`${url}/v2/openapi.json`);
    assert.equal(res.status, 200);
    const doc = await res.json();
    assert.deepEqual(await documentProblems(doc), []);
    const parts = operatorParts(doc);
    for (const part of ['/admin/accounts', '/admin/clock', 'operator', 'adminToken']) assert.ok(parts.includes(part), part);
    assert.deepEqual(
      parts.filter((p) => p.startsWith('/admin/sandbox') || /Sandbox/.test(p)),
      [],
    );
    assert.ok(doc.paths['/admin/clock'].get);
    assert.equal(doc.paths['/admin/clock'].post, undefined, 'POST /admin/clock is sandbox only');
  });
});
