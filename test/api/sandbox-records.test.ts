import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { completeUscc } from '../../src/registers/cn/ids.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { snapshotRow } from '../support/us-ny.ts';

/** Paths of every empty string in an answer: an absent value must be absent, never `""`. */
function emptyStrings(value: unknown, path = ''): string[] {
  if (value === '') return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => emptyStrings(v, `${path}[${i}]`));
  if (value && typeof value === 'object') return Object.entries(value).flatMap(([k, v]) => emptyStrings(v, path ? `${path}.${k}` : k));
  return [];
}

// CONTRACT §5: a native record is accepted as the register publishes it: empty strings, absent optional parts and
// fields the register may add later are not errors.
describe('sandbox records in the register’s native format, as the register publishes them', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ VERIFICATION_RETRY_WINDOW_MS: '4000', RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ credits: 1_000_000, usNy: true })).apiKey;
  });
  after(() => svc.close());

  const put = async (country: string, id: string, record: unknown) => {
    const res = await svc.call('PUT', `/admin/sandbox/${country}/companies/${encodeURIComponent(id)}`, { admin: true, body: { record } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
  };
  const onboard = async (countryCode: string, id: string, dataPoints = ['company']) => {
    const res = await svc.call('POST', '/v2/company', { key, body: { countryCode, id, mode: 'onboarding', dataPoints } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.request.dataStatus.dataPoints.company.status, 'succeeded', JSON.stringify(res.body.request.dataStatus));
    assert.deepEqual(emptyStrings(res.body.company), [], 'no empty string in the company');
    return res.body;
  };
  /** Verification mode, settled: the JE report arrives by mail, the CN report is produced on demand. */
  const verify = async (countryCode: string, id: string, dataPoints: string[]) => {
    const res = await svc.call('POST', '/v2/company', { key, body: { countryCode, id, mode: 'verification', dataPoints } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const done = await eventually(
      async () => {
        const r = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
        const all = Object.values(r.body.request.dataStatus.dataPoints) as any[];
        return all.every((e) => e.status === 'succeeded' || e.status === 'failed') && r.body;
      },
      30_000,
      100,
    );
    for (const dp of dataPoints)
      assert.equal(
        done.request.dataStatus.dataPoints[dp].status,
        'succeeded',
        `${dp}: ${JSON.stringify(done.request.dataStatus.dataPoints[dp])}`,
      );
    return done;
  };

  it('JE: empty address line, postcode and director details, no capital, unknown fields', async () => {
    await put('JE', '700201', {
      entity: {
        name: 'Blank Lines Limited',
        type: 'Registered Company Private',
        status: 'Active',
        registeredOn: '12/03/2015',
        previousNames: [],
        entityCategory: 'Company',
      },
      report: {
        registeredOffice: { addressLine1: '9 Broad Street', addressLine2: '', city: 'St Helier', postalCode: '' },
        directors: [{ name: 'Ann Le Feuvre', kind: 'individual', appointedOn: '12/03/2015', nationality: '', address: '', email: '' }],
        filedAt: '2025-01-01',
      },
    });
    // Onboarding reads the entity page; the report (office, directors) is read from its PDF, checked in je.test.ts.
    const body = await onboard('JE', '700201');
    assert.equal(body.company.legalName, 'Blank Lines Limited');
    assert.equal(body.company.registrationDate, '2015-03-12');
  });

  it('JE: a report without its registered office', async () => {
    await put('JE', '700202', {
      entity: { name: 'No Office Limited', type: 'Registered Company Private', status: 'Active', registeredOn: '2016-04-01' },
      report: { shareholders: [] },
    });
    const body = await onboard('JE', '700202');
    assert.equal(body.company.legalName, 'No Office Limited');
  });

  it('JE: a secretary, director and shareholder without a name are blank entries of the report, dropped', async () => {
    await put('JE', '700203', {
      entity: {
        name: 'Blank People Limited',
        type: 'Registered Company Private',
        status: 'Active',
        registeredOn: '01/02/2017',
        previousNames: [{ name: '', from: '' }],
      },
      report: {
        registeredOffice: { addressLine1: '3 Hill Street', city: 'St Helier', postalCode: 'JE2 4UA' },
        directors: [
          { name: 'Ann Le Feuvre', kind: 'individual', appointedOn: '01/02/2017' },
          { name: '', kind: 'individual', appointedOn: '' },
        ],
        secretary: { name: '', kind: 'corporate' },
        shareholders: [
          { name: 'Ann Le Feuvre', kind: 'individual', shares: 100 },
          { name: ' ', kind: 'individual', shares: 1 },
        ],
      },
    });
    const body = await verify('JE', '700203', ['company', 'legalRepresentatives', 'otherKeyPersons', 'shareholders']);
    assert.equal(body.company.legalName, 'Blank People Limited');
    assert.equal(body.company.legacyLegalNames, undefined);
    assert.deepEqual(
      body.legalRepresentatives.map((r: any) => r.individual?.name.fullName),
      ['Ann Le Feuvre'],
    );
    assert.deepEqual(body.otherKeyPersons, [], 'no secretary');
    assert.deepEqual(
      body.shareholders.map((s: any) => s.individual?.name.fullName),
      ['Ann Le Feuvre'],
    );
  });

  it('MT: empty address parts and subtype, no involvements or documents, an unknown field', async () => {
    await put('MT', 'C 80201', {
      company: {
        name: 'BLANK LINES LIMITED',
        type: 'Limited Liability Company',
        subtype: '',
        suffix: '',
        state: 'Active',
        stateEffectiveDate: '',
        registrationDate: '2019-02-03',
        registeredOffice: { street: '', locality: 'Valletta', postcode: '', country: 'Malta' },
        vatNumber: 'MT12345678',
      },
      involvements: [
        { role: 'Director', name: 'Maria Borg', isLegalEntity: false, idCardNumber: '', nationality: '', address: {} },
        { role: 'Secretary', name: '', isLegalEntity: false },
      ],
    });
    const body = await onboard('MT', 'C80201', ['company', 'legalRepresentatives']);
    assert.equal(body.company.legalName, 'BLANK LINES LIMITED');
    assert.equal(body.company.legalAddress.city, 'Valletta');
    assert.equal(body.company.legalAddress.addressLine1, undefined);
    assert.deepEqual(
      body.legalRepresentatives.map((r: any) => r.individual.name.fullName),
      ['Maria Borg'],
    );
  });

  it('CN: empty capital, scope and dates, no people, an unknown label', async () => {
    const id = `91110000MA000009`;
    const uscc = completeUscc(id);
    await put('CN', uscc, {
      企业名称: '北京空白科技有限公司',
      类型: '有限责任公司',
      法定代表人: '李四',
      注册资本: '',
      成立日期: '2018年05月06日',
      营业期限至: '',
      登记机关: '',
      登记状态: '存续',
      住所: '北京市海淀区中关村大街1号',
      经营范围: '',
      负责人: '',
      统一社会信用代码: '',
      参保人数: '12',
    });
    const body = await onboard('CN', uscc);
    assert.equal(body.company.legalName, '北京空白科技有限公司');
    assert.equal(body.company.capital, undefined);
  });

  it('CN: no representative, no address, empty table cells and a change with an empty before text', async () => {
    const id = `91110000MA000010`;
    const uscc = completeUscc(id);
    await put('CN', uscc, {
      企业名称: '北京无人科技有限公司',
      类型: '有限责任公司',
      法定代表人: '',
      住所: '',
      成立日期: '2018-05-06',
      登记状态: '存续',
      主要人员: [
        { 姓名: '王五', 职务: '监事' },
        { 姓名: '', 职务: '董事' },
      ],
      股东: [{ 股东类型: '自然人股东', 股东: '' }],
      分支机构: [{ 名称: '' }],
      变更信息: [
        { 变更事项: '经营范围变更', 变更前内容: '', 变更后内容: '软件开发', 变更日期: '2020-01-02' },
        { 变更事项: '名称变更', 变更前内容: '北京旧名科技有限公司', 变更后内容: '', 变更日期: '2019-03-04' },
      ],
    });
    const body = await verify('CN', uscc, ['company', 'legalRepresentatives', 'otherKeyPersons', 'shareholders']);
    assert.equal(body.company.legalName, '北京无人科技有限公司');
    assert.deepEqual(body.company.legacyLegalNames, ['北京旧名科技有限公司']);
    assert.equal(body.company.legalAddress, undefined, 'no address: absent');
    assert.deepEqual(body.legalRepresentatives, [], 'no representative: none');
    assert.deepEqual(
      body.otherKeyPersons.map((p: any) => p.individual.name.fullName),
      ['王五'],
    );
    assert.deepEqual(body.shareholders, []);
  });

  it('US-NY: empty columns of the snapshot, an unknown column', async () => {
    await put('US-NY', '7100101', {
      snapshot: snapshotRow('7100101', 'BLANK LINES INC.', {
        location_address_2: '',
        location_name: '',
        chairman_name: '',
        dos_process_address_2: '',
        geocoded_column: 'POINT (0 0)',
        nameHistory: [],
      }),
    });
    const body = await onboard('US-NY', '7100101');
    assert.equal(body.company.legalName, 'BLANK LINES INC.');
    assert.equal(body.company.legalAddress.addressLine1, '1 MAIN ST');
  });

  it('TEST: an empty address line and name, unknown fields', async () => {
    await put('TEST', 'BLANKLINES', {
      company: {
        legalName: 'Blank Lines Ltd',
        legalNameInEnglish: '',
        commercialNames: ['', 'Blank'],
        legalAddress: { addressLine1: '1 High Street', addressLine2: '', city: 'London', postalCode: '', countryCode: 'GB' },
        website: '',
        sector: 'retail',
      },
      legalRepresentatives: [],
      futureList: [],
    });
    const body = await onboard('TEST', 'BLANKLINES');
    assert.equal(body.company.legalName, 'Blank Lines Ltd');
    assert.deepEqual(body.company.commercialNames, ['Blank']);
    assert.deepEqual(body.company.legalAddress, { addressLine1: '1 High Street', city: 'London', countryCode: 'GB' });
  });
});
