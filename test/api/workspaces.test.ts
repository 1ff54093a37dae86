import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startTestService, type TestService } from '../support/service.ts';

describe('workspaces', () => {
  let svc: TestService;
  let key: string;
  let other: string;
  before(async () => {
    svc = await startTestService();
    key = (await svc.newAccount()).apiKey;
    other = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  const company = (headers: Record<string, string> = {}, id = 'ACME-HOLDING') =>
    svc.call('POST', '/v2/company', { key, headers, body: { id, countryCode: 'TEST', mode: 'onboarding', dataPoints: ['company'] } });

  it('creates, lists, renames and deletes workspaces; names are unique per account and validated', async () => {
    const created = await svc.call('POST', '/v2/workspaces', { key, body: { name: 'branch-paris', legalName: 'Acme Paris SAS' } });
    assert.equal(created.status, 201, JSON.stringify(created.body));
    assert.equal(created.body.name, 'branch-paris');
    assert.match(created.body.id, /^wsp_/);
    assert.equal((await svc.call('POST', '/v2/workspaces', { key, body: { name: 'branch-paris', legalName: 'Again' } })).status, 400);
    assert.equal((await svc.call('POST', '/v2/workspaces', { key, body: { name: 'bad name!', legalName: 'X' } })).status, 400);
    assert.equal((await svc.call('POST', '/v2/workspaces', { key, body: { name: 'no-legal-name' } })).status, 400);
    // Another account may use the same name, and does not see ours.
    assert.equal(
      (await svc.call('POST', '/v2/workspaces', { key: other, body: { name: 'branch-paris', legalName: 'Other' } })).status,
      201,
    );

    const renamed = await svc.call('PATCH', '/v2/workspaces/branch-paris', { key, body: { legalName: 'Acme Paris' } });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.legalName, 'Acme Paris');
    const list = await svc.call('GET', '/v2/workspaces', { key });
    assert.deepEqual(
      list.body.workspaces.map((w: any) => [w.name, w.legalName]),
      [['branch-paris', 'Acme Paris']],
    );
    assert.equal((await svc.call('PATCH', '/v2/workspaces/nowhere', { key, body: { legalName: 'X' } })).status, 404);

    const deleted = await svc.call('DELETE', '/v2/workspaces/branch-paris', { key });
    assert.equal(deleted.status, 200);
    assert.deepEqual((await svc.call('GET', '/v2/workspaces', { key })).body.workspaces, []);
    assert.equal((await svc.call('DELETE', '/v2/workspaces/branch-paris', { key })).status, 404);
    // The name is free again.
    assert.equal((await svc.call('POST', '/v2/workspaces', { key, body: { name: 'branch-paris', legalName: 'New' } })).status, 201);
  });

  it('carries a request’s workspace from the incumbent’s header into request.workspace and the usage report', async () => {
    const ws = (await svc.call('POST', '/v2/workspaces', { key, body: { name: 'client-a', legalName: 'Client A Ltd' } })).body;
    const made = await company({ 'x-topograph-workspace': 'client-a' });
    assert.equal(made.status, 200, JSON.stringify(made.body));
    assert.deepEqual(made.body.request.workspace, { id: ws.id, name: 'client-a', legalName: 'Client A Ltd' });
    const again = await svc.call('GET', `/v2/company/${made.body.request.requestId}`, { key });
    assert.deepEqual(again.body.request.workspace, made.body.request.workspace);
    // By id in our own header too; another company, so it is charged rather than deduplicated.
    assert.equal((await company({ 'x-workspace-id': ws.id }, 'OTHER-CO')).status, 200);
    // Without a header the request is the account's own.
    const plain = await company({}, 'THIRD-CO');
    assert.equal(plain.body.request.workspace.name, 'Test account');
    assert.equal((await company({ 'x-topograph-workspace': 'nobody' })).status, 404, 'an unknown workspace is refused before any work');

    const usage = await svc.call('GET', '/v2/workspaces/usage', { key });
    assert.equal(usage.status, 200, JSON.stringify(usage.body));
    const mine = usage.body.workspaces.find((w: any) => w.workspace?.name === 'client-a');
    assert.equal(mine.requests, 2);
    assert.equal(mine.charged, 2);
    assert.ok(mine.chargedInCreditCents > 0);
    const own = usage.body.workspaces.find((w: any) => w.workspace === null);
    assert.equal(own.requests, 1);
    assert.equal(
      usage.body.totalInCreditCents,
      usage.body.workspaces.reduce((s: number, w: any) => s + w.chargedInCreditCents, 0),
    );

    const only = await svc.call('GET', '/v2/workspaces/usage?workspace=client-a&startDate=2000-01-01', { key });
    assert.deepEqual(
      only.body.workspaces.map((w: any) => w.workspace.name),
      ['client-a'],
    );
    const past = await svc.call('GET', '/v2/workspaces/usage?startDate=2000-01-01&endDate=2000-01-31', { key });
    assert.deepEqual(past.body.workspaces, []);
    assert.equal((await svc.call('GET', '/v2/workspaces/usage?startDate=yesterday', { key })).status, 400);
    assert.equal((await svc.call('GET', '/v2/workspaces/usage?startDate=2026-02-01&endDate=2026-01-01', { key })).status, 400);
    assert.equal((await svc.call('GET', '/v2/workspaces/usage?workspace=nobody', { key })).status, 404);

    // A deleted workspace keeps its usage.
    await svc.call('DELETE', '/v2/workspaces/client-a', { key });
    const kept = await svc.call('GET', '/v2/workspaces/usage', { key });
    assert.equal(kept.body.workspaces.find((w: any) => w.workspace?.id === ws.id)?.requests, 2);
  });
});
