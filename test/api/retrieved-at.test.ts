import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { completeUscc } from '../../src/registers/cn/ids.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';

/**
 * Provenance `retrievedAt` is when the register's answer arrived (service clock), not when the request started:
 * with a sandbox latency on every call, each block's time is at least that latency after the request's createdAt.
 */
const LATENCY = 700;

describe('retrievedAt is when the register answered', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ credits: 1_000_000 })).apiKey;
    // The service clock stands a day ahead of the wall clock: provenance must be on the service clock.
    await svc.call('POST', '/admin/clock', { admin: true, body: { advanceMs: 24 * 3_600_000 } });
  });
  after(() => svc.close());

  const put = async (country: string, id: string, record: unknown, behaviour: object) => {
    const res = await svc.call('PUT', `/admin/sandbox/${country}/companies/${encodeURIComponent(id)}`, {
      admin: true,
      body: { record, behaviour },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  };
  const verify = async (countryCode: string, id: string, dataPoints: string[]) => {
    const res = await svc.call('POST', '/v2/company', { key, body: { countryCode, id, mode: 'verification', dataPoints } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return eventually(
      async () => {
        const r = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
        const all = Object.values(r.body.request.dataStatus.dataPoints) as any[];
        return all.every((e) => e.status === 'succeeded') && r.body;
      },
      30_000,
      100,
    );
  };
  /** Every provenance time of the answer, by block and field, in ms after the request's creation. */
  const delays = (body: any) => {
    const created = Date.parse(body.request.createdAt);
    const out: Record<string, number> = {};
    for (const [block, s] of Object.entries(body.dataSources) as [string, any][]) {
      out[block] = Date.parse(s.overall.retrievedAt) - created;
      for (const [field, f] of Object.entries(s.fields ?? {}) as [string, any][])
        out[`${block}.${field}`] = Date.parse(f.retrievedAt) - created;
    }
    return out;
  };
  const assertAfterLatency = (body: any, latency: number) => {
    const d = delays(body);
    assert.ok(Object.keys(d).length > 0);
    for (const [where, ms] of Object.entries(d)) assert.ok(ms >= latency, `${where}: retrieved ${ms} ms after the request started`);
    return d;
  };

  it('TEST', async () => {
    await put('TEST', 'SLOW-1', { company: { legalName: 'Slow Ltd' } }, { latencyMs: LATENCY });
    assertAfterLatency(await verify('TEST', 'SLOW-1', ['company', 'legalRepresentatives']), LATENCY);
  });

  it('MT', async () => {
    const record = {
      company: { name: 'SLOW LIMITED', type: 'Limited Liability Company', state: 'Active', registrationDate: '2019-02-03' },
      involvements: [{ role: 'Director', name: 'Maria Borg', isLegalEntity: false }],
    };
    await put('MT', 'C80299', record, { latencyMs: LATENCY });
    assertAfterLatency(await verify('MT', 'C80299', ['company', 'legalRepresentatives']), LATENCY);
  });

  it('CN', async () => {
    const uscc = completeUscc('91110000MA000002');
    await put(
      'CN',
      uscc,
      { 企业名称: '北京慢速科技有限公司', 类型: '有限责任公司', 法定代表人: '李四', 成立日期: '2018年05月06日', 登记状态: '存续' },
      { latencyMs: LATENCY },
    );
    assertAfterLatency(await verify('CN', uscc, ['company', 'legalRepresentatives']), LATENCY);
  });

  it('JE: the page and the report that arrives later carry their own times', async () => {
    const record = {
      entity: { name: 'Slow Post Limited', type: 'Registered Company Private', status: 'Active', registeredOn: '2016-04-01' },
      report: {
        registeredOffice: { addressLine1: '3 Hill Street', city: 'St Helier', postalCode: 'JE2 4UA' },
        directors: [{ name: 'Ann Le Feuvre', kind: 'individual', appointedOn: '01/02/2017' }],
      },
    };
    // Pages answer after 300 ms, the report arrives 1.5 s after it is ordered.
    await put('JE', '700299', record, { latencyMs: { search: 300, profile: 1500 } });
    const body = await verify('JE', '700299', ['company', 'legalRepresentatives']);
    const d = assertAfterLatency(body, 300);
    const fromReport = Object.entries(body.dataSources.company.fields ?? {}).filter(([, s]: any) => s.type === 'ai_analysis');
    assert.ok(fromReport.length > 0, 'some company fields are read from the report');
    for (const [field] of fromReport) {
      assert.ok(d[`company.${field}`]! >= d.company! + 1500, `company.${field} (from the report) after the page by the report's delay`);
    }
    assert.ok(d.legalRepresentatives! >= 1500 + 300, 'the directors come from the report');
  });
});
