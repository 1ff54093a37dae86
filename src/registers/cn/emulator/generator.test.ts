import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { isValidUscc } from '../ids.ts';
import type { CnRecordInput } from '../record.ts';
import { generateCompanies } from './generator.ts';
import { transliterateResponse } from '../../../enrichment/transliteration/apply.ts';

const seeds = (JSON.parse(readFileSync(new URL('./seed.json', import.meta.url), 'utf8')) as { companies: CnRecordInput[] }).companies;
// The portal's own companies (directory.ts: the seed and 300 generated) and many more from other seeds.
const companies = [...seeds, ...generateCompanies(300), ...generateCompanies(1500, 'cn-rules')];

describe('CN sandbox companies pass the checks a real one passes', () => {
  it('unified social credit codes carry both check characters (GB 32100 18th, GB 11714 17th)', () => {
    for (const c of companies) {
      assert.ok(isValidUscc(c.统一社会信用代码!), `${c.统一社会信用代码} ${c.企业名称}`);
      for (const b of c.分支机构 ?? []) if (b.统一社会信用代码) assert.ok(isValidUscc(b.统一社会信用代码), b.统一社会信用代码);
    }
  });

  it('the code says what registered the company: 91 an enterprise (partnerships too), 92 a sole trader', () => {
    for (const c of companies) {
      const code = c.统一社会信用代码!;
      if (c.类型 === '个体工商户') assert.equal(code.slice(0, 2), '92', c.企业名称);
      else if (/公司|合伙企业|全民所有制/.test(c.类型 ?? '')) assert.equal(code.slice(0, 2), '91', `${c.类型} ${code}`);
    }
  });

  it('ownership agrees with the legal form', () => {
    for (const c of companies) {
      const type = c.类型 ?? '';
      const owners = c.股东 ?? [];
      const what = `${type} ${c.企业名称}: ${JSON.stringify(owners)}`;
      if (/自然人独资/.test(type)) {
        assert.equal(owners.length, 1, what);
        assert.equal(owners[0]!.股东类型, '自然人股东', what);
      } else if (/(?<!非)独资/.test(type)) assert.equal(owners.length, 1, what);
      else if (/合伙企业/.test(type)) {
        assert.ok(owners.length >= 2, what);
        assert.ok(
          owners.some((o) => o.股东类型 === '普通合伙人'),
          what,
        );
        if (type === '有限合伙企业')
          assert.ok(
            owners.some((o) => o.股东类型 === '有限合伙人'),
            what,
          );
      } else if (/^有限责任公司（自然人投资或控股）$|^其他有限责任公司$|外商投资、非独资|^股份有限公司/.test(type)) {
        // One natural-person owner makes a 自然人独资 company; these forms have at least two.
        if (owners.length) assert.ok(owners.length >= 2, what);
      }
    }
  });
});

describe('CN sandbox names and addresses transliterate as GB/T 16159 writes them', () => {
  it('every name and address of the portal is capitalised words (sole traders with their district too), never a lower-case syllable', () => {
    for (const c of [...seeds, ...generateCompanies(300)]) {
      const address = c.住所 ?? c.经营场所 ?? c.营业场所 ?? c.主要经营场所;
      const out = transliterateResponse({ legalName: c.企业名称, legalAddress: { addressLine1: address } });
      for (const text of [out.legalName, out.legalAddress.addressLine1].filter(Boolean))
        for (const w of text!.split(/[\s()]+/).filter(Boolean)) assert.match(w, /^[A-Z0-9]/, `${c.企业名称} ${address}: ${text}`);
    }
  });
});
