import { readFileSync } from 'node:fs';
import { orgCodeCheckChar } from '../check-characters.ts';
import { usccCheckChar } from '../ids.ts';
import type { CnRecordInput } from '../record.ts';
import { Rng, seeds } from '../../../sandbox/random.ts';

interface Place {
  province: string;
  city: string;
  short: string;
  districts: [string, string][];
}
interface Vocabulary {
  places: Place[];
  brands: string[];
  surnames: string[];
  givenChars: string[];
  streets: string[];
  buildings: string[];
}
interface LabelledScope {
  scope: string;
  nameWord: string;
  shopWord?: string;
}

const V = JSON.parse(readFileSync(new URL('./vocabulary.json', import.meta.url), 'utf8')) as Vocabulary;
// The labelled business scopes of the activity bench double as the scopes of generated companies: real wordings,
// each with the trade word a company doing it puts in its name.
const SCOPES = (
  JSON.parse(readFileSync(new URL('../../../enrichment/activities/cn-labelled-scopes.json', import.meta.url), 'utf8')) as {
    scopes: LabelledScope[];
  }
).scopes;
const SHOPS = SCOPES.filter((s) => s.shopWord);
const CHARSET = '0123456789ABCDEFGHJKLMNPQRTUWXY';

type Kind =
  | 'llc'
  | 'llcSole'
  | 'llcCorporate'
  | 'joint'
  | 'listed'
  | 'branch'
  | 'limitedPartnership'
  | 'generalPartnership'
  | 'household'
  | 'stateOwned';

const KINDS: [Kind, number][] = [
  ['llc', 34],
  ['llcSole', 10],
  ['llcCorporate', 8],
  ['joint', 6],
  ['listed', 2],
  ['branch', 10],
  ['limitedPartnership', 8],
  ['generalPartnership', 4],
  ['household', 14],
  ['stateOwned', 4],
];
const TYPES: Record<Kind, string[]> = {
  llc: ['有限责任公司（自然人投资或控股）', '其他有限责任公司', '有限责任公司（外商投资、非独资）'],
  llcSole: ['有限责任公司（自然人独资）'],
  llcCorporate: ['有限责任公司（法人独资）', '有限责任公司（非自然人投资或控股的法人独资）', '有限责任公司（台港澳法人独资）'],
  joint: ['股份有限公司（非上市、自然人投资或控股）', '股份有限公司（非上市）'],
  listed: ['股份有限公司（上市、自然人投资或控股）', '股份有限公司（上市）'],
  branch: ['有限责任公司分公司（自然人投资或控股）', '其他有限责任公司分公司'],
  limitedPartnership: ['有限合伙企业'],
  generalPartnership: ['普通合伙企业'],
  household: ['个体工商户'],
  stateOwned: ['有限责任公司（国有独资）', '全民所有制'],
};
const STATUSES: [string, number][] = [
  ['K', 20],
  ['存续（在营、开业、在册）', 40],
  ['在业', 6],
  ['开业', 4],
  ['XX', 10],
  ['注销', 3],
  ['DA', 5],
  ['吊销，未注销', 2],
  ['D', 1],
  ['DX', 2],
  ['QX', 2],
  ['C', 1],
  ['清算', 2],
  ['停业', 1],
  ['正常', 1],
];

const pad = (n: number) => String(n).padStart(2, '0');
const DAY_MS = 86_400_000;
/** The last day the generated register has anything on: companies stay the same whenever the service runs. */
const LAST_DAY = '2025-12-28';
const latest = (a: string, b: string) => (a > b ? a : b);

export class CompanyFactory {
  private readonly rng: Rng;

  constructor(seed: string) {
    this.rng = Rng.of(seeds.fnv1a(seed));
  }

  person(): string {
    const r = this.rng;
    return r.pick(V.surnames) + r.pick(V.givenChars) + (r.chance(0.7) ? r.pick(V.givenChars) : '');
  }

  date(fromYear: number, toYear: number): string {
    const r = this.rng;
    return `${r.int(fromYear, toYear)}-${pad(r.int(1, 12))}-${pad(r.int(1, 28))}`;
  }

  /** A day from `from` to `to`, both included (`from` when the range is empty). */
  dateBetween(from: string, to: string): string {
    const day = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
    return to <= from ? from : new Date(this.rng.int(day(from), day(to)) * DAY_MS).toISOString().slice(0, 10);
  }

  /**
   * A code as the market regulator issues it (GB 32100-2015): 9 (registered by market regulation), the entity type
   * (1 an enterprise, partnerships included; 2 a sole trader), the division code, then an organisation code whose
   * 9th character is its own GB 11714 check character, and the code's check character.
   */
  uscc(divisionCode: string, entityType: '1' | '2'): string {
    const r = this.rng;
    const body = Array.from({ length: 8 }, () => r.pick([...CHARSET])).join('');
    const first17 = `9${entityType}${divisionCode}${body}${orgCodeCheckChar(body)}`;
    return first17 + usccCheckChar(first17);
  }

  company(): CnRecordInput {
    const r = this.rng;
    const kind = r.weighted(KINDS);
    const place = r.pick(V.places);
    const [district, code] = r.pick(place.districts);
    const authority = `${place.city}${place.city === place.province ? '' : ''}${district}市场监督管理局`;
    const address = `${place.province === place.city ? '' : place.province}${place.city}${district}${r.pick(V.streets)}${r.int(1, 999)}号${r.chance(0.6) ? `${r.pick(V.brands)}${r.pick(V.buildings)}${r.int(2, 40)}层${r.int(1, 20)}${pad(r.int(1, 30))}室` : ''}`;
    const scope = kind === 'household' ? r.pick(SHOPS) : r.pick(SCOPES);
    const brand = r.pick(V.brands);
    const founded = this.date(1995, 2024);
    const status = r.weighted(STATUSES);
    const closed = ['XX', '注销', 'DX', 'QX', 'C'].includes(status);
    // 核准日期 is the day the latest registration was approved (for a closed company, its cancellation): after the
    // founding, and every change of 变更信息 happened between the two.
    const approved = closed
      ? this.dateBetween(`${Number(founded.slice(0, 4)) + 1}-01-01`, LAST_DAY)
      : this.dateBetween(latest(founded, '2018-01-01'), LAST_DAY);
    const typeName = r.pick(TYPES[kind]);
    const base = {
      企业名称: '',
      类型: typeName,
      成立日期: founded,
      登记机关: authority,
      核准日期: approved,
      登记状态: status,
      经营范围: scope.scope,
      主要人员: [] as { 姓名: string; 职务: string }[],
      股东: [] as { 股东类型: string; 股东: string; 证照类型?: string }[],
      分支机构: [] as { 统一社会信用代码?: string; 名称: string; 登记机关?: string }[],
      变更信息: [] as { 变更事项: string; 变更前内容: string; 变更后内容: string; 变更日期: string }[],
    };
    const rep = this.person();
    const companyName = (suffix: string) => `${place.short}${brand}${scope.nameWord}${suffix}`;
    let record: CnRecordInput;
    switch (kind) {
      case 'household': {
        const name = `${place.city}${district}${r.pick(V.surnames)}记${scope.shopWord}`;
        record = { ...base, 统一社会信用代码: this.uscc(code, '2'), 企业名称: name, 经营者: rep, 经营场所: address };
        record.主要人员 = [{ 姓名: rep, 职务: '经营者' }];
        return record;
      }
      case 'branch': {
        const parent = companyName('有限公司');
        record = {
          ...base,
          统一社会信用代码: this.uscc(code, '1'),
          企业名称: `${parent}${district.replace(/区$/, '')}分公司`,
          负责人: rep,
          营业场所: address,
          营业期限至: '长期',
        };
        record.主要人员 = [{ 姓名: rep, 职务: '负责人' }];
        return record;
      }
      case 'limitedPartnership':
      case 'generalPartnership': {
        const limited = kind === 'limitedPartnership';
        const gp = r.chance(0.6) ? `${place.short}${r.pick(V.brands)}投资管理有限公司` : undefined;
        const representative = gp ? `${gp}（委派代表：${rep}）` : rep;
        const name = limited
          ? `${place.short}${brand}${scope.nameWord}合伙企业（有限合伙）`
          : `${place.short}${brand}${scope.nameWord}合伙企业（普通合伙）`;
        record = {
          ...base,
          统一社会信用代码: this.uscc(code, '1'),
          企业名称: name,
          执行事务合伙人: representative,
          主要经营场所: address,
          营业期限自: founded,
          营业期限至: r.chance(0.5) ? '长期' : `${Number(founded.slice(0, 4)) + 20}${founded.slice(4)}`,
        };
        record.主要人员 = [{ 姓名: gp ?? rep, 职务: '执行事务合伙人' }];
        record.股东 = [
          { 股东类型: '普通合伙人', 股东: gp ?? rep, 证照类型: gp ? '营业执照' : '非公示项' },
          ...Array.from({ length: r.int(1, 4) }, () => ({
            股东类型: limited ? '有限合伙人' : '普通合伙人',
            股东: this.person(),
            证照类型: '非公示项',
          })),
        ];
        break;
      }
      default: {
        const joint = kind === 'joint' || kind === 'listed';
        const name = companyName(joint ? '股份有限公司' : '有限公司');
        const capital =
          kind === 'listed'
            ? `${r.int(5, 200) * 1000}万人民币`
            : `${r.pick([10, 50, 100, 200, 300, 500, 1000, 2000, 5000])}万${r.chance(0.1) ? '美元' : '人民币'}`;
        record = {
          ...base,
          统一社会信用代码: this.uscc(code, '1'),
          企业名称: name,
          法定代表人: rep,
          注册资本: capital,
          住所: address,
          营业期限自: founded,
          营业期限至: r.chance(0.7) ? '长期' : `${Number(founded.slice(0, 4)) + 30}${founded.slice(4)}`,
        };
        record.主要人员 = this.officers(rep, joint || r.chance(0.3));
        record.股东 =
          kind === 'llcCorporate' || kind === 'stateOwned'
            ? [
                {
                  股东类型: '企业法人',
                  股东: `${place.short}${r.pick(V.brands)}${kind === 'stateOwned' ? '国有资产经营' : '控股'}有限公司`,
                  证照类型: '营业执照',
                },
              ]
            : // One natural-person owner is a 自然人独资 company; the other forms have two or more.
              Array.from({ length: kind === 'llcSole' ? 1 : r.int(2, 4) }, (_, i) => ({
                股东类型: '自然人股东',
                股东: i === 0 ? rep : this.person(),
                证照类型: '非公示项',
              }));
        if (r.chance(0.2)) {
          record.分支机构 = Array.from({ length: r.int(1, 3) }, () => {
            const p = r.pick(V.places);
            const [d, c] = r.pick(p.districts);
            return { 统一社会信用代码: this.uscc(c, '1'), 名称: `${name}${p.short}分公司`, 登记机关: `${p.city}${d}市场监督管理局` };
          });
        }
      }
    }
    if (r.chance(0.35)) {
      const former = `${place.short}${r.pick(V.brands)}${scope.nameWord}有限公司`;
      record.变更信息!.push({
        变更事项: '名称变更',
        变更前内容: former,
        变更后内容: record.企业名称,
        变更日期: this.dateBetween(founded, approved),
      });
    }
    if (r.chance(0.3) && record.注册资本) {
      record.变更信息!.push({
        变更事项: '注册资本变更',
        变更前内容: `${r.int(1, 9) * 10}万人民币`,
        变更后内容: record.注册资本,
        变更日期: this.dateBetween(founded, approved),
      });
    }
    if (r.chance(0.25)) {
      record.变更信息!.push({
        变更事项: '住所变更',
        变更前内容: `${place.city}${district}${r.pick(V.streets)}${r.int(1, 500)}号`,
        变更后内容: address,
        变更日期: this.dateBetween(founded, approved),
      });
    }
    return record;
  }

  private officers(rep: string, board: boolean): { 姓名: string; 职务: string }[] {
    const r = this.rng;
    if (!board) {
      return r.chance(0.6)
        ? [
            { 姓名: rep, 职务: '执行董事兼总经理' },
            { 姓名: this.person(), 职务: '监事' },
          ]
        : [
            { 姓名: rep, 职务: '执行董事' },
            { 姓名: this.person(), 职务: '经理' },
            { 姓名: this.person(), 职务: '监事' },
          ];
    }
    const people = [{ 姓名: rep, 职务: '董事长' }];
    for (let i = r.int(2, 4); i > 0; i--) people.push({ 姓名: this.person(), 职务: '董事' });
    people.push({ 姓名: this.person(), 职务: r.chance(0.5) ? '总经理' : '董事兼总经理' });
    people.push({ 姓名: this.person(), 职务: '监事会主席' }, { 姓名: this.person(), 职务: '职工监事' });
    return people;
  }
}

/** `count` companies of the sandbox, the same in every process. */
export function generateCompanies(count: number, seed = 'cn-sandbox'): CnRecordInput[] {
  const factory = new CompanyFactory(seed);
  return Array.from({ length: count }, () => factory.company());
}
