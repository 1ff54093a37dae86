import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { CnRecordSchema } from '../record.ts';
import { generateCompanies } from './generator.ts';
import { searchPortal } from './search.ts';

const seeds = (JSON.parse(readFileSync(new URL('./seed.json', import.meta.url), 'utf8')) as { companies: unknown[] }).companies;
const companies = [...seeds, ...generateCompanies(100)].map((c) => ({ record: CnRecordSchema.parse(c) }));

describe('CN portal emulator search', () => {
  it('finds one company by its 18-character code', () => {
    const hits = searchPortal('91500103ma5u3b2x2k', companies);
    assert.equal(hits.length, 1);
    assert.equal(hits[0]!.matched, 'uniscId');
    assert.equal(hits[0]!.entName, '重庆环球数码科技有限公司');
    assert.equal(hits[0]!.regStateCode, 'K');
    assert.deepEqual(searchPortal('91500103MA5U3B2Y0E', companies), []);
  });

  it('finds one company by its full name, even when other names contain it', () => {
    const hits = searchPortal('北京华夏智联信息技术股份有限公司', companies);
    assert.equal(hits.length, 1, 'not its branch too');
    assert.equal(hits[0]!.matched, 'entName');
  });

  it('finds several companies by part of a name, former names included', () => {
    const hits = searchPortal('华夏智联', companies);
    assert.ok(hits.length >= 2);
    assert.ok(hits.every((h) => h.matched === 'keyword'));
    const former = searchPortal('环球数码技术', companies);
    assert.equal(former[0]!.matched, 'historyName');
    assert.equal(former[0]!.matchedName, '重庆环球数码技术有限公司');
    const loose = searchPortal('重庆环球科技', companies);
    assert.equal(loose[0]!.entName, '重庆环球数码科技有限公司');
    assert.deepEqual(searchPortal('华', companies), [], 'one character is too little');
  });
});
