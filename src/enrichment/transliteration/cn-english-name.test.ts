import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { englishNameOf } from './cn-english-name.ts';

describe('English renderings of Chinese company names', () => {
  const rows: [string, string | undefined][] = [
    ['北京示例科技有限公司', 'Beijing Shili Technology Co., Ltd.'],
    ['上海市华荣网络科技发展股份有限公司', 'Shanghai Huarong Network Technology Development Co., Ltd.'],
    ['深圳腾达贸易有限责任公司', 'Shenzhen Tengda Trading Co., Ltd.'],
    ['杭州明远投资管理合伙企业（有限合伙）', 'Hangzhou Mingyuan Investment Management (Limited Partnership)'],
    ['宏达集团有限公司', 'Hongda Group Co., Ltd.'],
    ['ACME Holdings Ltd', undefined],
    ['张三', undefined],
  ];
  for (const [name, english] of rows) it(`${name} → ${english}`, () => assert.equal(englishNameOf(name), english));
});
