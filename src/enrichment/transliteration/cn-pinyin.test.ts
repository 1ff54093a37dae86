import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { transliterateResponse } from './apply.ts';
import { nameTransliterations } from './cn-pinyin-name.ts';
import { hasHan, romanise } from './pinyin.ts';

describe('CN transliteration (Hanyu Pinyin)', () => {
  it('reads multi-reading characters in context: 重庆 is chong qing, also deep in a long address', () => {
    assert.equal(romanise('重庆'), 'chong qing');
    assert.equal(
      romanise('重庆市渝中区民族路188号环球金融中心32层3201'),
      'chong qing shi yu zhong qu min zu lu 188 hao huan qiu jin rong zhong xin 32 ceng 3201',
    );
    assert.equal(romanise('重庆银行股份有限公司长沙分行'), 'chong qing yin hang gu fen you xian gong si chang sha fen hang');
    assert.equal(romanise('重要'), 'zhong yao');
  });

  it('keeps Latin and digits, turns full-width punctuation into ASCII', () => {
    assert.equal(romanise('深圳ABC科技有限公司（南山分公司）'), 'shen zhen ABC ke ji you xian gong si (nan shan fen gong si)');
  });

  it('reads person names with surname readings', () => {
    assert.equal(romanise('单雄信', { person: true }), 'shan xiong xin');
    assert.equal(romanise('曾国藩', { person: true }), 'zeng guo fan');
  });

  it('is absent for Latin-script names and deterministic otherwise', () => {
    assert.equal(romanise('ACME Trading Ltd'), undefined);
    assert.deepEqual(nameTransliterations('ACME Trading Ltd'), []);
    assert.deepEqual(nameTransliterations('北京华夏科技有限公司'), nameTransliterations('北京华夏科技有限公司'));
    assert.equal(hasHan('abc'), false);
  });

  it('writes company names with Latin, digits, brackets and district prefixes in GB/T 16159 words', () => {
    const res = transliterateResponse({
      names: [
        '北京ABC科技有限公司',
        '深圳市3D打印科技有限公司',
        '华为技术（深圳）有限公司',
        '重庆鑫源网络科技有限公司(渝中)',
        '北京市朝阳区王记便利店',
        '上海市浦东新区李记小吃店',
        '西安古城投资有限公司',
      ].map((legalName) => ({ legalName })),
    });
    assert.deepEqual(
      res.names.map((n: { legalName: string }) => n.legalName),
      [
        'Beijing ABC Keji Youxian Gongsi',
        'Shenzhen Shi 3D Dayin Keji Youxian Gongsi',
        'Huawei Jishu (Shenzhen) Youxian Gongsi',
        'Chongqing Xinyuan Wangluo Keji Youxian Gongsi (Yuzhong)',
        'Beijing Shi Chaoyang Qu Wangji Bianlidian',
        'Shanghai Shi Pudong Xinqu Liji Xiaochidian',
        "Xi'an Gucheng Touzi Youxian Gongsi",
      ],
    );
  });

  it('writes addresses as place words: proper and generic parts apart, capitalised, numbers and Latin as written', () => {
    const rows: [string, string][] = [
      ['重庆市渝中区民族路188号环球金融中心32层3201', 'Chongqing Shi Yuzhong Qu Minzu Lu 188 Hao Huanqiujinrong Zhongxin 32 Ceng 3201'],
      ['北京市海淀区中关村大街27号', 'Beijing Shi Haidian Qu Zhongguancun Dajie 27 Hao'],
      ['上海市浦东新区滨江大道88号', 'Shanghai Shi Pudong Xinqu Binjiang Dadao 88 Hao'],
      ['陕西省西安市雁塔区长安南路（B座）5号', "Shaanxi Sheng Xi'an Shi Yanta Qu Chang'annan Lu (B Zuo) 5 Hao"],
      ['城市花园3栋2单元', 'Chengshihuayuan 3 Dong 2 Danyuan'],
    ];
    for (const [address, words] of rows) {
      const res = transliterateResponse({ legalAddress: { addressLine1: address, countryCode: 'CN' } });
      assert.equal(res.legalAddress.addressLine1, words, address);
    }
  });

  it('writes person names as surname and given name (GB/T 16159), double surnames included', () => {
    const res = transliterateResponse({
      people: [
        { fullName: '张三丰' },
        { fullName: '欧阳修' },
        { firstName: '三丰', lastName: '张' },
        { fullName: '阿沛·阿旺晋美' },
        { fullName: 'John Smith' },
      ],
    });
    assert.deepEqual(res.people, [
      { fullName: 'Zhang Sanfeng' },
      { fullName: 'Ouyang Xiu' },
      { firstName: 'Sanfeng', lastName: 'Zhang' },
      { fullName: 'a pei a wang jin mei' },
      { fullName: 'John Smith' },
    ]);
  });

  it('romanises names, addresses, people and descriptions of a response, never the register words or metadata', () => {
    const res = transliterateResponse({
      request: { companyLegalName: '重庆环球科技有限公司', metadata: { legalName: '保留' } },
      company: {
        legalName: '重庆环球科技有限公司',
        status: { localName: '存续' },
        legalForm: { localName: '有限责任公司' },
        activityDescription: '软件开发',
        legalAddress: { city: '重庆市', addressLine1: '渝中区民族路188号', countryCode: 'CN' },
        identifiers: { 'Unified Social Credit Code': '91500103MA5U3B2X1Q' },
      },
      legalRepresentatives: [{ type: 'individual', role: { localName: '法定代表人' }, individual: { name: { fullName: '单雄信' } } }],
    });
    assert.equal(res.request.companyLegalName, 'Chongqing Huanqiu Keji Youxian Gongsi');
    assert.equal(res.request.metadata.legalName, '保留');
    assert.equal(res.company.legalName, 'Chongqing Huanqiu Keji Youxian Gongsi');
    assert.equal(res.company.status.localName, '存续');
    assert.equal(res.company.legalForm.localName, '有限责任公司');
    assert.equal(res.company.activityDescription, 'ruan jian kai fa');
    assert.equal(res.company.legalAddress.city, 'Chongqing Shi');
    assert.equal(res.company.legalAddress.addressLine1, 'Yuzhong Qu Minzu Lu 188 Hao');
    assert.equal(res.company.legalAddress.countryCode, 'CN');
    assert.equal(res.legalRepresentatives[0]!.individual.name.fullName, 'Shan Xiongxin');
    assert.equal(res.legalRepresentatives[0]!.role.localName, '法定代表人');
  });
});
