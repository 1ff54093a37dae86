import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { completeUscc } from '../../src/registers/cn/ids.ts';
import { factsOf } from '../../src/registers/testreg/generator.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { snapshotRow } from '../support/us-ny.ts';

// The standard values of the incumbent's document (CompanyStatusDetailsDTO), spelled out here on purpose: the test
// must not take them from the code it checks.
const STATUSES = ['ACTIVE', 'UNDER_INSOLVENCY_PROCEEDING', 'INACTIVE_NOT_CLOSED', 'PENDING_DISSOLUTION', 'CLOSED', 'UNKNOWN'];
const REASONS = [
  'BANKRUPTCY',
  'LIQUIDATION',
  'MERGER',
  'ACQUISITION',
  'VOLUNTARY_DISSOLUTION',
  'ADMINISTRATIVE_DISSOLUTION',
  'COURT_ORDER',
  'SPLIT',
  'OTHER',
  'UNKNOWN',
];

describe('statusDetails answers the standard values in every register (spec §2.2, §3.3)', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ credits: 1_000_000, usNy: true })).apiKey;
  });
  after(() => svc.close());

  const put = async (country: string, id: string, record: unknown) => {
    const res = await svc.call('PUT', `/admin/sandbox/${country}/companies/${encodeURIComponent(id)}`, { admin: true, body: { record } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  };
  /** The company as onboarding answers it, or as verification does once settled. */
  const company = async (countryCode: string, id: string, mode: 'onboarding' | 'verification' = 'onboarding') => {
    const res = await svc.call('POST', '/v2/company', { key, body: { countryCode, id, mode, dataPoints: ['company'] } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    if (mode === 'onboarding') return res.body.company;
    const done = await eventually(
      async () => {
        const r = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
        return r.body.request.dataStatus.dataPoints.company.status === 'succeeded' && r.body;
      },
      30_000,
      100,
    );
    return done.company;
  };
  const expectStatus = (c: any, status: string, closureReason?: string) => {
    const details = c.status.statusDetails;
    assert.ok(STATUSES.includes(details.status), `status ${details.status} of ${c.status.localName} is not a standard value`);
    if (details.closureReason !== undefined) assert.ok(REASONS.includes(details.closureReason), `closureReason ${details.closureReason}`);
    assert.equal(details.status, status, c.status.localName);
    assert.equal(details.closureReason, closureReason, c.status.localName);
  };

  it('JE: dissolved, struck off, in liquidation', async () => {
    const cases: [string, string, string, string?][] = [
      ['Dissolved', '700101', 'CLOSED'],
      ['Struck Off', '700102', 'CLOSED', 'ADMINISTRATIVE_DISSOLUTION'],
      ['Cancelled', '700103', 'CLOSED', 'VOLUNTARY_DISSOLUTION'],
      ['In Liquidation', '700104', 'UNDER_INSOLVENCY_PROCEEDING'],
    ];
    for (const [status, id, standard, reason] of cases) {
      await put('JE', id, {
        entity: { name: `${status} Limited`, type: 'Registered Company Private', status, registeredOn: '2015-03-12' },
      });
      const c = await company('JE', id);
      assert.equal(c.status.localName, status, 'the register’s word stays in localName');
      expectStatus(c, standard, reason);
    }
  });

  it('MT: struck off, removed, in liquidation', async () => {
    const cases: [string, string, string, string?][] = [
      ['Struck Off', 'C 80101', 'CLOSED', 'ADMINISTRATIVE_DISSOLUTION'],
      ['Removed', 'C 80102', 'CLOSED', 'ADMINISTRATIVE_DISSOLUTION'],
      ['In Liquidation', 'C 80103', 'CLOSED'],
    ];
    for (const [state, id, standard, reason] of cases) {
      await put('MT', id, { company: { name: `${state.toUpperCase()} LIMITED`, type: 'Limited Liability Company', state } });
      const c = await company('MT', id.replace(' ', ''));
      assert.equal(c.status.localName, state);
      expectStatus(c, standard, reason);
    }
  });

  it('CN: cancelled, licence revoked, revoked, in liquidation', async () => {
    const cases: [string, string, string, string?][] = [
      ['注销', completeUscc('91110000MA000001'), 'CLOSED', 'VOLUNTARY_DISSOLUTION'],
      ['吊销，未注销', completeUscc('91110000MA000002'), 'CLOSED', 'ADMINISTRATIVE_DISSOLUTION'],
      ['撤销', completeUscc('91110000MA000003'), 'CLOSED', 'ADMINISTRATIVE_DISSOLUTION'],
      ['存续（清算中）', completeUscc('91110000MA000004'), 'UNDER_INSOLVENCY_PROCEEDING'],
    ];
    for (const [status, id, standard, reason] of cases) {
      await put('CN', id, {
        企业名称: '北京测试科技有限公司',
        类型: '有限责任公司',
        法定代表人: '张三',
        住所: '北京市海淀区中关村大街1号',
        登记状态: status,
      });
      const c = await company('CN', id);
      assert.equal(c.status.localName, status);
      expectStatus(c, standard, reason);
    }
  });

  it('US-NY: merged, dissolved, withdrawn, and an inactive reason the table does not name', async () => {
    const cases: [string, string, string, string, string][] = [
      ['7100001', 'Merged Out', 'CLOSED', 'MERGER', 'Merged'],
      ['7100002', 'Dissolution by Proclamation', 'CLOSED', 'ADMINISTRATIVE_DISSOLUTION', 'Dissolved'],
      ['7100003', 'Voluntary Dissolution', 'CLOSED', 'VOLUNTARY_DISSOLUTION', 'Dissolved'],
      ['7100004', 'Surrender of Authority', 'CLOSED', 'OTHER', 'Withdrawn'],
      ['7100005', 'Dissolved by Court Order', 'CLOSED', 'UNKNOWN', 'Inactive'],
    ];
    for (const [id, reason, standard, closure, word] of cases) {
      const name = `STATUS ${id} INC.`;
      await put('US-NY', id, {
        snapshot: snapshotRow(id, name),
        live: {
          requestStatus: 'Success',
          resultIndicator: 'Success',
          entityGeneralInfo: {
            dosID: id,
            entityName: name,
            entityType: 'DOMESTIC BUSINESS CORPORATION',
            entityStatus: 'Inactive',
            reasonForStatus: reason,
            inactiveDate: '2024-05-06T00:00:00',
            dateOfInitialDosFiling: '2012-03-15T00:00:00',
          },
        },
      });
      const c = await company('US-NY', id, 'verification');
      assert.equal(c.status.localName, `INACTIVE - ${reason}`);
      expectStatus(c, standard, closure);
      assert.equal(c.status.statusDetails.additionalInfo, word, 'the specification’s mapped word stays in additionalInfo');
    }
  });

  it('TEST: generated closed companies', async () => {
    const closed = Array.from({ length: 400 }, (_, i) => `STATUS${i}`)
      .filter((id) => factsOf(id).closure)
      .slice(0, 3);
    assert.ok(closed.length > 0);
    for (const id of closed) expectStatus(await company('TEST', id), 'CLOSED', factsOf(id).closure!.reason);
  });

  /** The documents the API lists for a TEST company: none dated before incorporation, after closure, or after today. */
  const expectDocumentsWithin = async (c: any) => {
    const res = await svc.call('POST', '/v2/company', {
      key,
      body: { countryCode: 'TEST', id: c.id, mode: 'onboarding', dataPoints: ['availableDocuments'] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const end = c.status.statusDetails.closureDate ?? new Date().toISOString().slice(0, 10);
    assert.ok(res.body.availableDocuments.length > 0);
    for (const d of res.body.availableDocuments) {
      assert.ok(d.date >= c.incorporationDate && d.date <= end, `${c.id}: ${d.id} dated ${d.date}, outside ${c.incorporationDate}…${end}`);
    }
  };

  it('TEST: the showcase ids INSOLVENT, MERGED and BANKRUPT (README), with dates and documents that agree', async () => {
    const insolvent = await company('TEST', 'INSOLVENT');
    expectStatus(insolvent, 'UNDER_INSOLVENCY_PROCEEDING');
    assert.equal(insolvent.status.active, false);
    assert.ok(insolvent.status.statusDetails.insolvencyStartDate > insolvent.incorporationDate);
    assert.equal(insolvent.status.statusDetails.closureDate, undefined);
    const cases: [string, string][] = [
      ['MERGED', 'MERGER'],
      ['bankrupt', 'BANKRUPTCY'],
    ];
    for (const [id, reason] of cases) {
      const c = await company('TEST', id);
      expectStatus(c, 'CLOSED', reason);
      assert.equal(c.status.active, false);
      assert.ok(c.status.statusDetails.closureDate > c.incorporationDate, `${id} closed before it was incorporated`);
      await expectDocumentsWithin(c);
    }
    await expectDocumentsWithin(insolvent);
  });

  it('TEST: a share of generated companies is in administration, merged or bankrupt', async () => {
    const seen = new Map<string, number>();
    for (let i = 0; i < 200; i++) {
      const c = await company('TEST', `SHARE${i}`);
      const d = c.status.statusDetails;
      const kind = d.status === 'CLOSED' ? d.closureReason : d.status;
      seen.set(kind, (seen.get(kind) ?? 0) + 1);
      if (d.status === 'UNDER_INSOLVENCY_PROCEEDING') assert.ok(d.insolvencyStartDate > c.incorporationDate);
    }
    for (const kind of ['UNDER_INSOLVENCY_PROCEEDING', 'MERGER', 'BANKRUPTCY']) {
      assert.ok((seen.get(kind) ?? 0) > 0, `no ${kind} among 200 generated companies: ${JSON.stringify([...seen])}`);
    }
  });
});
