import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseAddress } from './address.ts';
import { parseCapital } from './capital.ts';
import { parseReportDate } from './dates.ts';
import { mapLegalForm } from './legal-form.ts';
import { isLegalRepresentativeTitle, mapRole } from './roles.ts';
import { mapStatus } from './status.ts';

describe('CN status mapping (spec §3.3, registers/cn.md portal codes)', () => {
  // Every term of the spec's table.
  const SPEC: [string, string][] = [
    ['存续', 'Active'],
    ['在业', 'Active'],
    ['开业', 'Active'],
    ['正常', 'Active'],
    ['迁出', 'Active'],
    ['吊销', 'Closed'],
    ['注销', 'Closed'],
    ['撤销', 'Closed'],
    ['停业', 'Closed'],
    ['清算', 'Under Insolvency Proceeding'],
  ];
  const standard = { Active: 'ACTIVE', Closed: 'CLOSED', 'Under Insolvency Proceeding': 'UNDER_INSOLVENCY_PROCEEDING' } as Record<
    string,
    string
  >;

  for (const [term, mapped] of SPEC) {
    it(`${term} → ${mapped}, the term verbatim and inferred`, () => {
      const s = mapStatus(term);
      assert.equal(s.localName, term);
      assert.equal(s.isAIInferred, true);
      assert.equal(s.active, mapped === 'Active');
      assert.equal(s.statusDetails?.status, standard[mapped]);
    });
  }

  // Every portal code, through its words.
  const CODES: [string, string, string][] = [
    ['K', '存续（在营、开业、在册）', 'ACTIVE'],
    ['A', '存续（在营、开业、在册）', 'ACTIVE'],
    ['B', '存续（在营、开业、在册）', 'ACTIVE'],
    ['DA', '吊销，未注销', 'CLOSED'],
    ['D', '吊销', 'CLOSED'],
    ['XX', '注销', 'CLOSED'],
    ['DX', '吊销，已注销', 'CLOSED'],
    ['QX', '迁出，已注销', 'ACTIVE'],
    ['C', '撤销', 'CLOSED'],
  ];
  for (const [code, words, status] of CODES) {
    it(`portal code ${code} reads ${words} → ${status}`, () => {
      const s = mapStatus(code, '2020-01-02');
      assert.equal(s.localName, words);
      assert.equal(s.statusDetails?.status, status);
      if (status === 'CLOSED') assert.equal(s.statusDetails?.closureDate, '2020-01-02');
      else assert.equal(s.statusDetails?.closureDate, undefined);
    });
  }

  it('gives 注销 a voluntary dissolution and 吊销 an administrative one; keeps unknown words without a guess', () => {
    assert.equal(mapStatus('注销').statusDetails?.closureReason, 'VOLUNTARY_DISSOLUTION');
    assert.equal(mapStatus('吊销，未注销').statusDetails?.closureReason, 'ADMINISTRATIVE_DISSOLUTION');
    assert.equal(mapStatus('吊销，未注销').statusDetails?.additionalInfo, 'business licence revoked');
    assert.deepEqual(mapStatus('其他'), { localName: '其他', isAIInferred: true });
  });
});

describe('CN legal form mapping (spec §3.4)', () => {
  const SPEC: [string, string, string?][] = [
    ['有限责任公司', 'Limited Liability Company'],
    ['有限责任公司（自然人投资或控股）', 'Limited Liability Company'],
    ['有限责任公司（法人独资）', 'Limited Liability Company'],
    ['有限责任公司（自然人独资）', 'Limited Liability Company'],
    ['有限责任公司（外商投资）', 'Limited Liability Company'],
    ['有限责任公司（中外合资）', 'Limited Liability Company'],
    ['有限责任公司（外商合资）', 'Limited Liability Company'],
    ['股份有限公司（上市）', 'Corporation'],
    ['股份有限公司（非上市）', 'Corporation'],
    ['个体工商户', 'Sole Proprietorship', 'RV48'],
    ['个人独资企业', 'Sole Proprietorship'],
    ['普通合伙企业', 'Partnership'],
    ['特殊普通合伙企业', 'Partnership'],
    ['有限合伙企业', 'Limited Partnership', 'J7SF'],
    ['民办非企业单位', 'Nonprofit Organization', 'E4FG'],
    ['社会团体', 'Nonprofit Organization', 'GGZ5'],
    ['基金会', 'Nonprofit Organization', '2M6Y'],
    ['全民所有制', 'Government-Owned Entity'],
    ['集体所有制', 'Government-Owned Entity'],
    ['有限责任公司（国有独资）', 'Government-Owned Entity'],
    ['外国(地区)企业在中国境内从事生产经营活动', 'Branch or Representative Office'],
    ['外国(地区)企业常驻代表机构', 'Branch or Representative Office'],
    ['农民专业合作社', 'Cooperative', 'UMCR'],
    ['有限责任公司分公司（自然人投资或控股）', 'Branch or Representative Office'],
  ];
  for (const [local, standardized, code] of SPEC) {
    it(`${local} → ${standardized}${code ? ` (${code})` : ', no ISO 20275 code'}`, () => {
      const f = mapLegalForm(local);
      assert.equal(f.localName, local);
      assert.equal(f.standardized, standardized);
      assert.equal(f.iso20275Code, code);
      assert.equal(f.isAIEnriched, true);
      assert.ok(f.englishTranslation);
    });
  }
});

describe('CN roles', () => {
  it('classifies every spec role as legal representative, and others not', () => {
    for (const t of ['法定代表人', '董事长', '总经理', '执行董事', '负责人', '执行事务合伙人', '经营者', '执行董事兼总经理']) {
      assert.equal(isLegalRepresentativeTitle(t), true, t);
    }
    for (const t of ['董事', '监事', '副总经理', '财务负责人', '监事会主席', '经理']) assert.equal(isLegalRepresentativeTitle(t), false, t);
  });

  it('translates combined titles in order, keeping the words verbatim', () => {
    assert.deepEqual(mapRole('执行董事兼总经理'), {
      localName: '执行董事兼总经理',
      englishTranslation: 'Executive Director and General Manager',
      standardized: 'Director',
    });
    assert.equal(mapRole('总经理').standardized, 'Chief Executive Officer');
    assert.equal(mapRole('董事').standardized, 'Board Member');
    assert.equal(mapRole('财务负责人').englishTranslation, 'Chief Financial Officer');
    assert.deepEqual(mapRole('顾问'), { localName: '顾问', standardized: 'Other' });
  });
});

describe('CN registered capital', () => {
  const CASES: [string, number, string][] = [
    ['500万人民币', 5_000_000, 'CNY'],
    ['500万元人民币', 5_000_000, 'CNY'],
    ['50万元', 500_000, 'CNY'],
    ['1000万美元', 10_000_000, 'USD'],
    ['1.1万人民币', 11_000, 'CNY'],
    ['12.345万港元', 123_450, 'HKD'],
    ['2亿元人民币', 200_000_000, 'CNY'],
    ['3,000万人民币', 30_000_000, 'CNY'],
    ['100万（欧元）', 1_000_000, 'EUR'],
  ];
  for (const [text, amount, currency] of CASES) {
    it(`${text} → ${amount} ${currency}`, () => assert.deepEqual(parseCapital(text), { amount, currency, formatted: text }));
  }
  it('is undefined for no capital or an unknown currency', () => {
    assert.equal(parseCapital(''), undefined);
    assert.equal(parseCapital(undefined), undefined);
    assert.equal(parseCapital('500万金币'), undefined);
  });
});

describe('CN addresses and dates', () => {
  it('splits province, city and the rest', () => {
    assert.deepEqual(parseAddress('广东省深圳市南山区科技南十二路18号'), {
      addressLine1: '南山区科技南十二路18号',
      city: '深圳市',
      region: '广东省',
      countryCode: 'CN',
    });
    assert.deepEqual(parseAddress('重庆市渝中区民族路188号'), {
      addressLine1: '渝中区民族路188号',
      city: '重庆市',
      region: '重庆市',
      countryCode: 'CN',
    });
    assert.deepEqual(parseAddress('中国（上海）自由贸易试验区张江路665号'), {
      addressLine1: '中国（上海）自由贸易试验区张江路665号',
      city: '上海市',
      region: '上海市',
      countryCode: 'CN',
    });
    assert.deepEqual(parseAddress('深圳市前海深港合作区桂湾五路128号'), {
      addressLine1: '前海深港合作区桂湾五路128号',
      city: '深圳市',
      countryCode: 'CN',
    });
  });

  it('reads the report dates', () => {
    assert.equal(parseReportDate('2015年03月12日'), '2015-03-12');
    assert.equal(parseReportDate('2015-3-2'), '2015-03-02');
    assert.equal(parseReportDate('长期'), undefined);
    assert.equal(parseReportDate('2015年02月30日'), undefined);
  });
});
