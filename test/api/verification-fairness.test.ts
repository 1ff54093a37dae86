import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';

// Verification work is shared fairly: slow jobs (a register's minutes-long calls) hold only their own share of the
// workers, so a fast verification settles in about its own time while they are still running. Before, jobs were
// run in batches that finished with their slowest job, and the fast one waited behind them.

const statuses = (body: any) =>
  [...Object.values(body.request.dataStatus.dataPoints), ...Object.values(body.request.dataStatus.documents)].map(
    (e: any) => e.status as string,
  );
const settled = (body: any) => statuses(body).every((s) => s === 'succeeded' || s === 'failed');

async function verify(svc: TestService, key: string, body: object): Promise<string> {
  const res = await svc.call('POST', '/v2/company', { key, body });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body.request.requestId;
}
const get = async (svc: TestService, key: string, requestId: string) => {
  const res = await svc.call('GET', `/v2/company/${requestId}`, { key });
  assert.equal(res.status, 200, JSON.stringify(res.body));
  return res.body;
};

describe('verification fairness: one account’s slow jobs', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  it('a fast verification of another account settles while an account’s many slow jobs are still running', {
    timeout: 60_000,
  }, async () => {
    const slow = await svc.newAccount();
    const fast = await svc.newAccount();
    // Three companies whose every register call takes a minute: twelve slow jobs, more than a register's workers.
    const slowIds: string[] = [];
    for (const id of ['SLOW-A', 'SLOW-B', 'SLOW-C']) {
      const put = await svc.call('PUT', `/admin/sandbox/TEST/companies/${id}`, {
        admin: true,
        body: { record: { company: { legalName: `${id} Ltd` } }, behaviour: { latencyMs: 60_000 } },
      });
      assert.equal(put.status, 200);
      slowIds.push(
        await verify(svc, slow.apiKey, {
          id,
          countryCode: 'TEST',
          dataPoints: ['company', 'legalRepresentatives', 'shareholders', 'ultimateBeneficialOwners'],
        }),
      );
    }
    const fastId = await verify(svc, fast.apiKey, { id: 'FAST-1', countryCode: 'TEST', dataPoints: ['company'] });

    const done = await eventually(
      async () => {
        const body = await get(svc, fast.apiKey, fastId);
        return settled(body) && body;
      },
      30_000,
      250,
    );
    assert.deepEqual(statuses(done), ['succeeded']);
    for (const id of slowIds) {
      assert.ok(statuses(await get(svc, slow.apiKey, id)).includes('in_progress'), 'the slow verifications are still running');
    }
  });
});

describe('verification fairness: a slow register', () => {
  let svc: TestService;
  before(async () => {
    // The spec's timings: a CN credit report takes minutes, a TEST call 2-3 s.
    svc = await startTestService({ SANDBOX_LATENCY: 'realistic' });
  });
  after(() => svc.close());

  it('a TEST verification settles while CN verifications of two accounts are still running', { timeout: 90_000 }, async () => {
    const cnIds: { key: string; id: string }[] = [];
    // Two accounts, eight CN jobs each: together more than a register's workers.
    for (let a = 0; a < 2; a++) {
      const { apiKey } = await svc.newAccount();
      for (const id of ['91500103MA5U3B2X2K', '91110108MA01HXYL9W']) {
        const requestId = await verify(svc, apiKey, {
          id,
          countryCode: 'CN',
          dataPoints: ['company', 'legalRepresentatives', 'shareholders', 'availableDocuments'],
        });
        cnIds.push({ key: apiKey, id: requestId });
      }
    }
    const fast = await svc.newAccount();
    const fastId = await verify(svc, fast.apiKey, { id: 'FAST-2', countryCode: 'TEST', dataPoints: ['company'] });

    const done = await eventually(
      async () => {
        const body = await get(svc, fast.apiKey, fastId);
        return settled(body) && body;
      },
      45_000,
      250,
    );
    assert.deepEqual(statuses(done), ['succeeded']);
    for (const { key, id } of cnIds) {
      assert.ok(statuses(await get(svc, key, id)).includes('in_progress'), 'the CN verifications are still running');
    }
  });
});

describe('verification fairness: one request’s tasks that wait on one register call', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService();
  });
  after(() => svc.close());

  it('a CN request’s document list does not wait behind its four profile data points, one report download', {
    timeout: 60_000,
  }, async () => {
    const { apiKey } = await svc.newAccount();
    // The report takes 15 s to produce, the register’s search (the document list) a tenth of a second.
    const uscc = '91110108MA01HXYL9W';
    const put = await svc.call('PUT', `/admin/sandbox/CN/companies/${uscc}`, {
      admin: true,
      body: {
        record: {
          企业名称: '北京公平科技有限公司',
          类型: '有限责任公司',
          法定代表人: '王五',
          成立日期: '2019年03月04日',
          登记状态: '存续',
        },
        behaviour: { latencyMs: { search: 100, profile: 15_000 } },
      },
    });
    assert.equal(put.status, 200, JSON.stringify(put.body));
    const requestId = await verify(svc, apiKey, {
      id: uscc,
      countryCode: 'CN',
      dataPoints: ['company', 'legalRepresentatives', 'otherKeyPersons', 'shareholders', 'availableDocuments'],
    });
    // Four data points used to hold the account's four CN slots for the report's whole time, the list behind them.
    const listed = await eventually(
      async () => {
        const body = await get(svc, apiKey, requestId);
        return body.request.dataStatus.dataPoints.availableDocuments.status === 'succeeded' && body;
      },
      30_000,
      100,
    );
    assert.equal(listed.request.dataStatus.dataPoints.company.status, 'in_progress', 'the list came while the report was produced');
    const done = await eventually(
      async () => {
        const body = await get(svc, apiKey, requestId);
        return settled(body) && body;
      },
      30_000,
      250,
    );
    assert.ok(
      statuses(done).every((s) => s === 'succeeded'),
      JSON.stringify(done.request.dataStatus),
    );
  });
});
