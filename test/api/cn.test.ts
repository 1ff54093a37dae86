import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { pdfLines } from '../../src/registers/cn/extract/pdf-text.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';

const CHONGQING = '91500103MA5U3B2X2K';
const BEIJING = '91110108MA01HXYL9W';

describe('CN register through the API', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ VERIFICATION_RETRY_WINDOW_MS: '4000' });
    key = (await svc.newAccount()).apiKey;
  });
  after(() => svc.close());

  const search = (query: string, extra = '') =>
    svc.call('GET', `/v2/search?country=CN&query=${encodeURIComponent(query)}${extra}`, { key });
  const post = (body: Record<string, unknown>) => svc.call('POST', '/v2/company', { key, body: { countryCode: 'CN', ...body } });
  const put = (uscc: string, record: unknown, behaviour?: unknown) =>
    svc.call('PUT', `/admin/sandbox/CN/companies/${uscc}`, { admin: true, body: { record, ...(behaviour ? { behaviour } : {}) } });
  const settled = (requestId: string) =>
    eventually(async () => {
      const r = await svc.call('GET', `/v2/company/${requestId}`, { key });
      const all = [...Object.values(r.body.request.dataStatus.dataPoints), ...Object.values(r.body.request.dataStatus.documents)] as any[];
      return all.every((e) => e.status === 'succeeded' || e.status === 'failed') && r;
    }, 20_000);

  it('searches by unified social credit code: one result, with its pinyin transliteration', async () => {
    const res = await search(CHONGQING.toLowerCase());
    assert.equal(res.status, 200);
    assert.equal(res.body.length, 1);
    const hit = res.body[0];
    assert.equal(hit.id, CHONGQING);
    assert.equal(hit.countryCode, 'CN');
    assert.deepEqual(hit.matchReason, { matchType: 'id', identifier: 'Unified Social Credit Code' });
    assert.equal(hit.legalName, '重庆环球数码科技有限公司');
    assert.deepEqual(hit.companyNameTransliterations, ['Chongqing Huanqiu Shuma Keji Youxian Gongsi']);
    // The search result carries the English name the profile has (spec §2.9).
    assert.equal(hit.legalNameInEnglish, 'Chongqing Huanqiu Digital Technology Co., Ltd.');
    assert.equal(hit.address.city, '重庆市');
    assert.equal(hit.status.active, true);
  });

  it('searches by full name (one, exact) and by part of a name (several), former names included', async () => {
    const exact = await search('北京华夏智联信息技术股份有限公司');
    assert.equal(exact.body.length, 1);
    assert.equal(exact.body[0].matchReason.matchType, 'exactLegalName');
    const partial = await search('华夏智联');
    assert.ok(partial.body.length >= 2);
    assert.ok(partial.body.some((r: any) => r.id === BEIJING));
    const former = await search('重庆环球数码技术');
    assert.equal(former.body[0].matchReason.matchType, 'previousName');
    assert.equal(former.body[0].matchReason.matchedName, '重庆环球数码技术有限公司');
    assert.equal((await search('华')).status, 400, 'one character is not a search');
  });

  it('romanises search results with transliterate=true, and leaves Latin names alone', async () => {
    const res = await search(CHONGQING, '&transliterate=true');
    // The name as GB/T 16159 writes it, the same words as the result's own companyNameTransliterations.
    assert.equal(res.body[0].legalName, 'Chongqing Huanqiu Shuma Keji Youxian Gongsi');
    assert.deepEqual(res.body[0].companyNameTransliterations, [res.body[0].legalName]);
    assert.equal(res.body[0].address.city, 'Chongqing Shi', 'an address as place words (GB/T 16159)');
    assert.equal(res.body[0].id, CHONGQING);
    const test = await svc.call('GET', '/v2/search?country=TEST&query=acme&transliterate=true', { key });
    assert.ok(test.body.every((r: any) => !r.companyNameTransliterations?.length));
  });

  it('retrieves the profile extracted from the credit report, with the AI flags where inferred', async () => {
    const res = await post({ id: CHONGQING, mode: 'onboarding', dataPoints: ['company'] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const c = res.body.company;
    assert.equal(c.id, CHONGQING);
    assert.deepEqual(c.identifiers, { 'Unified Social Credit Code': CHONGQING });
    assert.equal(c.legalName, '重庆环球数码科技有限公司');
    assert.deepEqual(c.legacyLegalNames, ['重庆环球数码技术有限公司']);
    assert.deepEqual(c.status, {
      localName: '存续（在营、开业、在册）',
      active: true,
      isAIInferred: true,
      statusDetails: { status: 'ACTIVE' },
    });
    assert.equal(c.legalForm.localName, '有限责任公司（自然人投资或控股）');
    assert.equal(c.legalForm.standardized, 'Limited Liability Company');
    assert.equal(c.legalForm.isAIEnriched, true);
    assert.equal(c.legalForm.iso20275Code, undefined, 'the ELF list has no CN row for it');
    assert.deepEqual(c.capital, { amount: 5_000_000, currency: 'CNY', formatted: '500万人民币' });
    assert.equal(c.incorporationDate, '2015-03-12');
    assert.deepEqual(c.legalAddress, {
      addressLine1: '渝中区民族路188号环球金融中心32层3201',
      city: '重庆市',
      region: '重庆市',
      countryCode: 'CN',
    });
    assert.match(c.activityDescription, /^许可项目：第二类增值电信业务/);
    assert.equal(c.activities.NACE[0].code, '62.01');
    assert.equal(c.activities.ISIC[0].code, '6201');
    for (const item of [...c.activities.NACE, ...c.activities.ISIC]) assert.equal(item.isAIInferred, true);
    assert.deepEqual(c.companyNameTransliterations, ['Chongqing Huanqiu Shuma Keji Youxian Gongsi']);
    assert.equal(res.body.dataSources.company.fields.activities.type, 'inferred');
    assert.equal(c.legalNameInEnglish, 'Chongqing Huanqiu Digital Technology Co., Ltd.');
    assert.equal(res.body.dataSources.company.fields.legalNameInEnglish.type, 'inferred', 'a translation, flagged as inferred');
    assert.equal(res.body.dataSources.company.fields.legalName, undefined, 'the register field itself is not');
    assert.equal(res.body.request.dataStatus.dataPoints.company.authoritative, true);
  });

  it('has exactly one legal representative, the other persons as key persons, shareholders empty, no UBOs or establishments', async () => {
    const res = await post({
      id: BEIJING,
      mode: 'onboarding',
      dataPoints: ['legalRepresentatives', 'otherKeyPersons', 'shareholders', 'ultimateBeneficialOwners', 'establishments'],
    });
    assert.equal(res.status, 200);
    assert.equal(res.body.legalRepresentatives.length, 1);
    const rep = res.body.legalRepresentatives[0];
    assert.equal(rep.type, 'individual');
    assert.equal(rep.individual.name.fullName, '单雄信');
    assert.deepEqual(rep.role, { localName: '董事长', englishTranslation: 'Chairman of the Board', standardized: 'Board Member' });
    const others = res.body.otherKeyPersons.map((p: any) => `${p.individual.name.fullName}:${p.role.localName}`);
    assert.deepEqual(others, ['曾国华:董事兼总经理', '欧阳明:董事', '刘洋:独立董事', '赵敏:监事会主席', '孙磊:财务负责人']);
    assert.deepEqual(res.body.shareholders, []);
    for (const dp of ['ultimateBeneficialOwners', 'establishments']) {
      assert.equal(res.body.request.dataStatus.dataPoints[dp].status, 'failed');
      assert.equal(res.body.request.dataStatus.dataPoints[dp].error.code, 'datapoint_not_supported');
    }
  });

  it('reads a stored sandbox record only through its rendered report: a partnership with a company as managing partner', async () => {
    const uscc = '91440300MA5G0AAA3E';
    const bad = await put(uscc, { 企业名称: '缺少字段' });
    assert.equal(bad.status, 400);
    const ok = await put(uscc, {
      企业名称: '深圳测试创新投资合伙企业（有限合伙）',
      类型: '有限合伙企业',
      执行事务合伙人: '深圳测试资本管理有限公司（委派代表：黄晓明）',
      成立日期: '2020年01月02日',
      登记状态: '开业',
      主要经营场所: '深圳市福田区福华一路6号',
      经营范围: '以自有资金从事投资活动；股权投资。',
      主要人员: [{ 姓名: '深圳测试资本管理有限公司', 职务: '执行事务合伙人' }],
    });
    assert.equal(ok.status, 200, JSON.stringify(ok.body));
    const res = await post({ id: uscc, mode: 'onboarding', dataPoints: ['company', 'legalRepresentatives'] });
    assert.equal(res.status, 200);
    assert.equal(res.body.company.legalForm.standardized, 'Limited Partnership');
    assert.equal(res.body.company.legalForm.iso20275Code, 'J7SF');
    assert.equal(res.body.company.status.active, true);
    assert.equal(res.body.company.capital, undefined);
    const rep = res.body.legalRepresentatives[0];
    assert.equal(rep.type, 'company');
    assert.equal(rep.company.legalName, '深圳测试资本管理有限公司');
    assert.equal(rep.representedBy.name.fullName, '黄晓明');
    assert.equal(rep.role.englishTranslation, 'Executive Partner');
  });

  it('maps a closed company and a sole trader', async () => {
    const closed = await post({ id: '91310115607300122X', mode: 'onboarding' });
    assert.equal(closed.body.company.status.localName, '注销');
    assert.equal(closed.body.company.status.active, false);
    assert.equal(closed.body.company.status.statusDetails.status, 'CLOSED');
    assert.deepEqual(closed.body.company.capital, { amount: 2_000_000, currency: 'USD', formatted: '200万美元' });
    const trader = await post({ id: '92440106MA9Y7B3CXW', mode: 'onboarding', dataPoints: ['company', 'legalRepresentatives'] });
    assert.equal(trader.body.company.legalForm.iso20275Code, 'RV48');
    assert.equal(trader.body.company.legalForm.standardized, 'Sole Proprietorship');
    assert.equal(trader.body.legalRepresentatives[0].role.localName, '经营者');
  });

  it('lists and delivers the credit report: tradeRegisterExtract, format CHN_CERTIFIED_REGISTER_EXTRACT, a PDF with Chinese text', async () => {
    const list = await post({ id: CHONGQING, mode: 'onboarding', dataPoints: ['availableDocuments'] });
    assert.equal(list.status, 200);
    assert.equal(list.body.availableDocuments.length, 1);
    const doc = list.body.availableDocuments[0];
    assert.equal(doc.type, 'tradeRegisterExtract');
    assert.equal(doc.format, 'CHN_CERTIFIED_REGISTER_EXTRACT');
    const res = await post({ id: CHONGQING, mode: 'onboarding', documents: [doc.id] });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    assert.equal(res.body.request.dataStatus.documents[doc.id].status, 'succeeded');
    const item = res.body.documents.tradeRegisterExtract;
    assert.equal(item.format, 'CHN_CERTIFIED_REGISTER_EXTRACT');
    const pdf = await fetch(item.url);
    assert.equal(pdf.headers.get('content-type'), 'application/pdf');
    const text = (await pdfLines(new Uint8Array(await pdf.arrayBuffer()))).map((l) => l.cells.map((c) => c.text).join('')).join('\n');
    assert.ok(text.includes('企业信用信息公示报告'));
    assert.ok(text.includes('重庆环球数码科技有限公司'));
    const wrong = await post({ id: CHONGQING, mode: 'onboarding', documents: [`CN-REPORT-${BEIJING}`] });
    assert.equal(wrong.status, 404);
  });

  it('romanises a company response on request (POST and GET), leaving the stored data as it was', async () => {
    const res = await post({ id: CHONGQING, mode: 'onboarding', dataPoints: ['company', 'legalRepresentatives'], transliterate: true });
    assert.equal(res.status, 200);
    assert.equal(res.body.company.legalName, 'Chongqing Huanqiu Shuma Keji Youxian Gongsi');
    assert.deepEqual(res.body.company.legacyLegalNames, ['Chongqing Huanqiu Shuma Jishu Youxian Gongsi']);
    assert.equal(res.body.company.status.localName, '存续（在营、开业、在册）', 'register words stay verbatim');
    // A person's name as surname and given name, each capitalised (GB/T 16159 §6.1.1).
    assert.equal(res.body.legalRepresentatives[0].individual.name.fullName, 'Zhang Wei');
    // The address in place words: proper and generic parts apart, capitalised, numbers as written.
    assert.deepEqual(res.body.company.legalAddress, {
      addressLine1: 'Yuzhong Qu Minzu Lu 188 Hao Huanqiujinrong Zhongxin 32 Ceng 3201',
      city: 'Chongqing Shi',
      region: 'Chongqing Shi',
      countryCode: 'CN',
    });
    assert.match(res.body.company.activityDescription, /^xu ke xiang mu: di er lei zeng zhi dian xin ye wu/);
    const id = res.body.request.requestId;
    const plain = await svc.call('GET', `/v2/company/${id}`, { key });
    assert.equal(plain.body.company.legalName, '重庆环球数码科技有限公司');
    const again = await svc.call('GET', `/v2/company/${id}?transliterate=true`, { key });
    assert.equal(again.body.company.legalName, 'Chongqing Huanqiu Shuma Keji Youxian Gongsi');
  });

  it('answers 404 for an unknown code and 400 for a malformed one', async () => {
    const unknown = await post({ id: '91500103MA5U3B2Y0E', mode: 'onboarding' });
    assert.equal(unknown.status, 404);
    const malformed = await post({ id: '12345', mode: 'onboarding' });
    assert.equal(malformed.status, 400);
    // A typo keeps the form but breaks a check character: the user hears so at once, not a 404 minutes later.
    for (const [typo, position] of [
      ['91500103MA5U3B2X2J', '18th'], // GB 32100
      ['91500103MA5U3B2X3K', '17th'], // GB 11714, the embedded organisation code
      ['91500103MA5U3B2Y2K', '17th'], // a body character changed: the organisation code's check no longer matches
    ]) {
      const res = await post({ id: typo, mode: 'onboarding' });
      assert.equal(res.status, 400, typo);
      assert.equal(res.body.error.code, 'invalid_request');
      assert.match(res.body.error.message, new RegExp(`${typo}.*${position} character.*check character`), typo);
    }
  });

  it('portal down: onboarding fails with 503 (no fallback); verification retries, then succeeds or fails', async () => {
    await put(
      '91500105MA5TE5TA92',
      {
        企业名称: '重庆宕机测试有限公司',
        类型: '有限责任公司（自然人独资）',
        法定代表人: '周杰',
        登记状态: 'K',
        住所: '重庆市江北区建新北路1号',
      },
      { unavailable: true },
    );
    const down = await post({ id: '91500105MA5TE5TA92', mode: 'onboarding' });
    assert.equal(down.status, 503);
    assert.equal(down.body.error.code, 'service_unavailable');

    const failsTwice = await put(
      '91500105MA5TE5TB7W',
      {
        企业名称: '重庆重试测试有限公司',
        类型: '有限责任公司（自然人独资）',
        法定代表人: '吴敏',
        登记状态: 'K',
        住所: '重庆市江北区建新北路2号',
      },
      { failTimes: 2 },
    );
    assert.equal(failsTwice.status, 200);
    const retried = await settled((await post({ id: '91500105MA5TE5TB7W' })).body.request.requestId);
    assert.equal(retried.body.request.dataStatus.dataPoints.company.status, 'succeeded');
    assert.equal(retried.body.company.legalName, '重庆重试测试有限公司');

    const gaveUp = await settled((await post({ id: '91500105MA5TE5TA92' })).body.request.requestId);
    const entry = gaveUp.body.request.dataStatus.dataPoints.company;
    assert.equal(entry.status, 'failed');
    assert.equal(entry.error.code, 'service_unavailable');
    assert.equal(entry.cost, 0);

    const outage = await svc.call('POST', '/admin/sandbox/CN/outage', { admin: true, body: { durationMs: 60_000 } });
    assert.equal(outage.status, 200);
    assert.equal((await search('华夏智联')).status, 503);
    assert.equal((await post({ id: CHONGQING, mode: 'onboarding' })).status, 503);
  });
});
