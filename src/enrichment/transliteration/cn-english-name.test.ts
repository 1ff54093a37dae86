import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { englishNameOf } from './cn-english-name.ts';
import { pinyinNameOf } from './cn-pinyin-name.ts';

describe('English renderings of Chinese company names', () => {
  const rows: [string, string | undefined][] = [
    ['北京示例科技有限公司', 'Beijing Shili Technology Co., Ltd.'],
    ['上海市华荣网络科技发展股份有限公司', 'Shanghai Huarong Network Technology Development Co., Ltd.'],
    ['深圳腾达贸易有限责任公司', 'Shenzhen Tengda Trading Co., Ltd.'],
    ['杭州明远投资管理合伙企业（有限合伙）', 'Hangzhou Mingyuan Investment Management (Limited Partnership)'],
    ['宏达集团有限公司', 'Hongda Group Co., Ltd.'],
    // Official romanisations of places, not their plain pinyin (陕西 is not 山西).
    ['陕西秦川机械股份有限公司', 'Shaanxi Qinchuan Machinery Co., Ltd.'],
    ['山西汾酒贸易有限公司', 'Shanxi Fenjiu Trading Co., Ltd.'],
    ['内蒙古伊利实业集团股份有限公司', 'Inner Mongolia Yili Industrial Group Co., Ltd.'],
    ['西藏珠峰投资有限公司', 'Xizang Zhufeng Investment Co., Ltd.'],
    ['香港华润贸易有限公司', 'Hong Kong Huarun Trading Co., Ltd.'],
    ['北京市朝阳区王记便利店', 'Beijing Chaoyang District Wangji Convenience Store'],
    // Latin and digits as written, a bracketed place in ASCII parentheses where it stood, the apostrophe of Xi'an.
    ['华为技术（深圳）有限公司', 'Huawei Technology (Shenzhen) Co., Ltd.'],
    ['重庆鑫源网络科技有限公司(渝中)', 'Chongqing Xinyuan Network Technology Co., Ltd. (Yuzhong)'],
    ['深圳市3D打印科技有限公司', 'Shenzhen 3D Dayin Technology Co., Ltd.'],
    ['西安古城投资有限公司', "Xi'an Gucheng Investment Co., Ltd."],
    ['ACME Holdings Ltd', undefined],
    ['张三', undefined],
  ];
  for (const [name, english] of rows) it(`${name} → ${english}`, () => assert.equal(englishNameOf(name), english));
});

describe('Pinyin of Chinese company names joins words as GB/T 16159 does', () => {
  const rows: [string, string | undefined][] = [
    ['南京示例科技有限公司', 'Nanjing Shili Keji Youxian Gongsi'],
    ['重庆环球数码科技有限公司', 'Chongqing Huanqiu Shuma Keji Youxian Gongsi'],
    ['上海市华荣网络科技发展股份有限公司', 'Shanghai Shi Huarong Wangluo Keji Fazhan Gufen Youxian Gongsi'],
    ['深圳腾达贸易有限责任公司', 'Shenzhen Tengda Maoyi Youxian Zeren Gongsi'],
    ['杭州明远投资管理合伙企业（有限合伙）', 'Hangzhou Mingyuan Touzi Guanli Hehuo Qiye (Youxian Hehuo)'],
    ['宏达集团有限公司', 'Hongda Jituan Youxian Gongsi'],
    // A trade name of up to four characters is one word.
    ['北京华夏智联信息技术股份有限公司', 'Beijing Huaxiazhilian Xinxi Jishu Gufen Youxian Gongsi'],
    ['陕西秦川机械股份有限公司', 'Shaanxi Qinchuan Jixie Gufen Youxian Gongsi'],
    ['山西汾酒贸易有限公司', 'Shanxi Fenjiu Maoyi Youxian Gongsi'],
    ['内蒙古伊利实业集团股份有限公司', 'Nei Mongol Yili Shiye Jituan Gufen Youxian Gongsi'],
    ['西藏珠峰投资有限公司', 'Xizang Zhufeng Touzi Youxian Gongsi'],
    ['澳门新濠国际有限公司', 'Macao Xinhao Guoji Youxian Gongsi'],
    ['哈尔滨啤酒有限公司', 'Harbin Pijiu Youxian Gongsi'],
    // Latin and digits as written, brackets as ASCII parentheses where they stood, a district as place and suffix.
    ['北京ABC科技有限公司', 'Beijing ABC Keji Youxian Gongsi'],
    ['华为技术（深圳）有限公司', 'Huawei Jishu (Shenzhen) Youxian Gongsi'],
    ['北京市海淀区张记超市', 'Beijing Shi Haidian Qu Zhangji Chaoshi'],
    ['ACME Holdings Ltd', undefined],
  ];
  for (const [name, pinyin] of rows) it(`${name} → ${pinyin}`, () => assert.equal(pinyinNameOf(name), pinyin));
});
