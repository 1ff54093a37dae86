import { readFileSync } from 'node:fs';
import type { MtRecordInput } from '../record.ts';
import { Rng } from '../../../sandbox/random.ts';

interface Vocabulary {
  localities: [string, string][];
  streets: string[];
  buildings: string[];
  givenNames: string[];
  surnames: string[];
  foreigners: [string, string, string, string, string][];
  nameWords: string[];
  tradeWords: string[];
  foreignCompanies: [string, string][];
  moreForeignCompanies: [string, string][];
  otherFilings: string[];
}

const V = JSON.parse(readFileSync(new URL('./vocabulary.json', import.meta.url), 'utf8')) as Vocabulary;

/** The year the generated registry stands at: filings run up to it. */
export const AS_OF_YEAR = 2026;
/**
 * The day it stands at: nothing is dated after it, so that no document is filed in the future of the service's clock,
 * and the companies stay the same whenever the service runs.
 */
const AS_OF_DATE = `${AS_OF_YEAR}-06-30`;
const DAY_MS = 86_400_000;
const dayNumber = (iso: string) => Date.parse(`${iso}T00:00:00Z`) / DAY_MS;
const isoOfDay = (day: number) => new Date(day * DAY_MS).toISOString().slice(0, 10);
const earliest = (a: string, b: string) => (a < b ? a : b);
const latest = (a: string, b: string) => (a > b ? a : b);

type Involvement = MtRecordInput['involvements'] extends (infer I)[] | undefined ? I : never;
type Filing = MtRecordInput['documents'] extends (infer F)[] | undefined ? F : never;

/** A kind of company: its type, subtype and suffix, and how its name ends. */
interface Kind {
  type: string;
  subtype?: string;
  suffix?: string;
  ending: string;
  company: boolean;
  weight: number;
}

const KINDS: Kind[] = [
  { type: 'Limited Liability Company', subtype: 'Private Exempt', suffix: 'Ltd.', ending: 'Limited', company: true, weight: 50 },
  { type: 'Limited Liability Company', subtype: 'Private Non-Exempt', suffix: 'Ltd.', ending: 'Limited', company: true, weight: 12 },
  { type: 'Limited Liability Company', subtype: 'Public Non-Exempt', suffix: 'P.L.C.', ending: 'p.l.c.', company: true, weight: 3 },
  { type: 'Limited Liability Company', subtype: 'Public Exempt', suffix: 'P.L.C.', ending: 'p.l.c.', company: true, weight: 1 },
  {
    type: 'Limited Liability Company',
    subtype: 'Investment Company with Variable Share Capital (SICAV)',
    suffix: 'P.L.C.',
    ending: 'Fund SICAV p.l.c.',
    company: true,
    weight: 4,
  },
  {
    type: 'Limited Liability Company',
    subtype: 'Investment Company with Fixed Share Capital (INVCO)',
    suffix: 'P.L.C.',
    ending: 'Income INVCO p.l.c.',
    company: true,
    weight: 1,
  },
  { type: 'Limited Liability Company', subtype: 'Cell Company', suffix: 'Ltd.', ending: 'Insurance PCC Limited', company: true, weight: 2 },
  {
    type: 'Limited Liability Company',
    subtype: 'Incorporated Cell Company',
    suffix: 'Ltd.',
    ending: 'ICC Limited',
    company: true,
    weight: 1,
  },
  { type: 'Partnership en Nom Collectif', ending: '', company: false, weight: 4 },
  { type: 'Partnership en Commandite', subtype: 'Capital Not Divided into Shares', ending: '& Co.', company: false, weight: 3 },
  { type: 'Overseas Company', ending: '(Malta Branch)', company: false, weight: 5 },
  { type: 'Sole Trader', ending: 'Trading', company: false, weight: 3 },
  { type: 'Cooperative', ending: 'Cooperative Society Limited', company: false, weight: 2 },
  { type: 'Foundation', subtype: 'Purpose Foundation', ending: 'Foundation', company: false, weight: 2 },
  { type: 'Foundation', subtype: 'Private Foundation', ending: 'Family Foundation', company: false, weight: 2 },
];

const STATES: [string, number][] = [
  ['Active', 70],
  ['Struck Off', 8],
  ['Dissolved', 6],
  ['Being Struck Off', 3],
  ['In Liquidation', 4],
  ['Being Wound Up', 2],
  ['Defunct', 3],
  ['Removed', 2],
];

const pad = (n: number) => String(n).padStart(2, '0');

/** Generates one fictional company after another, each from the same seeded sequence. */
class CompanyFactory {
  private readonly r: Rng;
  /** Draws of a name again when the first is taken: a sequence of their own, so that the companies after stay as they were. */
  private readonly redraws: Rng;
  private readonly numbers = new Set<number>();
  private readonly names: Set<string>;

  constructor(seed: string, takenNames: Iterable<string>) {
    this.r = Rng.xoshiro(seed);
    this.redraws = Rng.xoshiro(`${seed}/names`);
    this.names = new Set([...takenNames].map((n) => n.toUpperCase()));
  }

  date(fromYear: number, toYear: number): string {
    return `${this.r.int(fromYear, toYear)}-${pad(this.r.int(1, 12))}-${pad(this.r.int(1, 28))}`;
  }

  /** A day from `from` to `to`, both included (`from` when the range is empty). */
  dateBetween(from: string, to: string): string {
    return to <= from ? from : isoOfDay(this.r.int(dayNumber(from), dayNumber(to)));
  }

  address(): NonNullable<Involvement['address']> {
    const [locality, letters] = this.r.pick(V.localities);
    const street = `${this.r.chance(0.3) ? `${this.r.pick(V.buildings)}, ` : ''}${this.r.int(1, 250)}, ${this.r.pick(V.streets)}`;
    return { street, locality, postcode: `${letters} ${this.r.int(1000, 9999)}`, country: 'Malta' };
  }

  person(role: string, appointedOn: string): Involvement {
    if (this.r.chance(0.2)) {
      const [given, surname, nationality, country, city] = this.r.pick(V.foreigners);
      return {
        role,
        name: `${given} ${surname}`,
        isLegalEntity: false,
        idCardNumber: `P${this.r.int(1_000_000, 9_999_999)}`,
        nationality,
        address: { street: `${this.r.int(1, 99)} Main Street`, locality: city, country },
        appointedOn,
      };
    }
    const name = `${this.r.pick(V.givenNames)} ${this.r.pick(V.surnames)}`;
    return {
      role,
      name,
      isLegalEntity: false,
      idCardNumber: `${this.r.int(1000, 999999)}${this.r.pick(['M', 'G', 'A'])}`,
      nationality: 'Maltese',
      address: this.address(),
      appointedOn,
    };
  }

  firm(role: string, ending: string, appointedOn: string): Involvement {
    const name = `${this.r.pick(V.surnames)} ${this.r.chance(0.5) ? `& ${this.r.pick(V.surnames)} ` : ''}${ending}`;
    return {
      role,
      name,
      isLegalEntity: true,
      registrationNumber: `C ${this.r.int(1000, 99999)}`,
      address: this.address(),
      appointedOn,
    };
  }

  company(index: number): MtRecordInput {
    const r = this.r;
    const kind = r.weighted(KINDS.map((k) => [k, k.weight] as const));
    let number = r.int(10_000, 109_999);
    while (this.numbers.has(number)) number = r.int(10_000, 109_999);
    this.numbers.add(number);
    const registered = this.date(1995, AS_OF_YEAR - 1);
    const regYear = Number(registered.slice(0, 4));
    const state = r.weighted(STATES);
    // A state other than Active took effect after registration, by the registry's as-of day; the company files
    // nothing after it (it is struck off, dissolved, or being wound up by then).
    const stateEffectiveDate = state === 'Active' ? registered : this.dateBetween(`${Math.min(regYear + 1, AS_OF_YEAR)}-01-01`, AS_OF_DATE);
    const end = state === 'Active' ? AS_OF_DATE : stateEffectiveDate;
    const name = this.freeName(kind);
    const capital = kind.company ? r.pick([1_200, 1_164.69, 5_000, 25_000, 46_587.47, 100_000, 250_000, 1_000_000]) : undefined;
    return {
      company: {
        registrationNumber: `C ${number}`,
        name,
        type: kind.type,
        ...(kind.subtype ? { subtype: kind.subtype } : {}),
        ...(kind.suffix ? { suffix: kind.suffix } : {}),
        state,
        stateEffectiveDate,
        registrationDate: registered,
        registeredOffice: this.address(),
        ...(capital !== undefined ? { authorisedCapital: capital * r.pick([1, 1, 2, 10]), issuedCapital: capital, currency: 'EUR' } : {}),
      },
      involvements: this.involvements(kind, registered, end, state, stateEffectiveDate, capital),
      documents: this.filings(kind, registered, end, index),
    };
  }

  /**
   * A name no company of the registry holds yet: the registry keeps names unique, and two companies of one name would
   * leave a name search unable to tell them apart. The first draw is from the company's own sequence, as it always was;
   * a taken name is drawn again from `redraws`, with more foreign parents to pick from (a foreign company has one
   * branch in Malta).
   */
  private freeName(kind: Kind): string {
    let name = this.nameOf(kind, this.r, V.foreignCompanies).toUpperCase();
    for (let tries = 0; this.names.has(name); tries++) {
      if (tries === 100) throw new Error(`MT generator: no free name left for a ${kind.type}`);
      name = this.nameOf(kind, this.redraws, [...V.foreignCompanies, ...V.moreForeignCompanies]).toUpperCase();
    }
    this.names.add(name);
    return name;
  }

  private nameOf(kind: Kind, r: Rng, foreignCompanies: readonly [string, string][]): string {
    switch (kind.type) {
      case 'Partnership en Nom Collectif':
        return `${r.pick(V.surnames)} & ${r.pick(V.surnames)}`;
      case 'Partnership en Commandite':
        return `${r.pick(V.surnames)} ${r.pick(V.tradeWords)} ${kind.ending}`;
      case 'Overseas Company':
        return `${r.pick(foreignCompanies)[0]} ${kind.ending}`;
      case 'Sole Trader':
        return `${r.pick(V.givenNames)} ${r.pick(V.surnames)} ${kind.ending}`;
      case 'Cooperative':
        return `${r.pick(V.localities)[0].replace(/, Gozo$/, '')} ${r.pick(['Farmers', 'Fishermen', 'Producers', 'Transport'])} ${kind.ending}`;
      case 'Foundation':
        return kind.subtype === 'Private Foundation'
          ? `The ${r.pick(V.surnames)} ${kind.ending}`
          : `${r.pick(V.nameWords)} ${r.pick(['Heritage', 'Arts', 'Welfare', 'Education'])} ${kind.ending}`;
      default:
        return `${r.pick(V.nameWords)} ${kind.ending.includes('SICAV') || kind.ending.includes('INVCO') || kind.ending.includes('PCC') || kind.ending.includes('ICC') ? '' : `${r.pick(V.tradeWords)} `}${kind.ending}`;
    }
  }

  private involvements(
    kind: Kind,
    registered: string,
    end: string,
    state: string,
    since: string,
    capital: number | undefined,
  ): Involvement[] {
    const r = this.r;
    const out: Involvement[] = [];
    // Appointed while the company existed: not before its registration, not after its state changed.
    const later = () => this.dateBetween(registered, earliest(end, `${AS_OF_YEAR - 1}-12-31`));
    if (kind.company) {
      for (let i = r.int(1, 3); i > 0; i--)
        out.push(
          i === 1 && r.chance(0.15)
            ? this.firm('Director', 'Corporate Services Limited', later())
            : this.person('Director', i === 1 ? registered : later()),
        );
      out.push(r.chance(0.4) ? this.firm('Secretary', 'Secretarial Services Limited', registered) : this.person('Secretary', registered));
      out.push(this.firm('Auditor', 'Audit Limited', later()));
      const subscribers = r.int(1, 2);
      for (let i = 0; i < subscribers; i++) {
        const issued = Math.round((capital ?? 1200) / subscribers);
        out.push({
          ...this.person('Subscriber', registered),
          shares: { type: 'Ordinary', class: 'A', issued, paidUp: r.pick([20, 100]), nominalValue: 1 },
        });
      }
      if (r.chance(0.3)) out.push(this.person('Legal Representative', later()));
      if (r.chance(0.2)) out.push(this.person('Judicial Representative', later()));
    } else if (kind.type.startsWith('Partnership')) {
      for (let i = r.int(2, 3); i > 0; i--) out.push(this.person('Partner', registered));
      out.push(this.person('Legal Representative', registered));
    } else if (kind.type === 'Overseas Company') {
      out.push(this.person('Legal Representative', registered), this.person('Judicial Representative', registered));
    } else if (kind.type === 'Foundation') {
      out.push(
        this.person('Administrator', registered),
        this.person('Founder', registered),
        this.person('Legal Representative', registered),
      );
    } else {
      out.push(this.person(kind.type === 'Sole Trader' ? 'Legal Representative' : 'Director', registered));
    }
    if (state === 'In Liquidation' || state === 'Being Wound Up') out.push(this.person('Liquidator', since));
    return out;
  }

  /**
   * The company's filings, all from its registration to `end` (the as-of day, or the day its state changed): its
   * memorandum on registration day, accounts of each year filed from March to September of the next (before `end`),
   * the annual return of each year within that year.
   */
  private filings(kind: Kind, registered: string, end: string, index: number): Filing[] {
    const r = this.r;
    let next = 100_000 + index * 1000;
    const file = (date: string, title: string, documentYear?: number, documentsInFile = 1): Filing => ({
      fileId: String(next++),
      date,
      title,
      documentsInFile,
      ...(documentYear ? { documentYear } : {}),
    });
    const regYear = Number(registered.slice(0, 4));
    const lastYear = Number(end.slice(0, 4));
    const out: Filing[] = [
      file(
        registered,
        kind.type === 'Foundation' ? 'Deed of Foundation' : 'Memorandum and Articles of Association',
        undefined,
        r.int(1, 3),
      ),
    ];
    if (kind.subtype?.startsWith('Public') || kind.subtype?.includes('SICAV'))
      out.push(file(this.dateBetween(registered, earliest(`${regYear + 2}-12-31`, end)), 'Prospectus', undefined, r.int(1, 4)));
    if (kind.company) {
      for (let y = Math.max(regYear + 1, lastYear - 3); y < lastYear; y++) {
        const accounts = earliest(this.dateBetween(`${y + 1}-03-01`, `${y + 1}-09-28`), end);
        out.push(file(accounts, `Annual Accounts ${y}`, y, r.int(1, 2)));
        out.push(file(this.dateBetween(latest(`${y}-01-01`, registered), `${y}-12-28`), 'Annual Return', y));
      }
    }
    for (let i = r.int(0, 2); i > 0; i--) out.push(file(this.dateBetween(registered, end), r.pick(V.otherFilings)));
    return out.sort((a, b) => a.date.localeCompare(b.date));
  }
}

/** `count` fictional companies, the same ones in every process, named apart from each other and from `takenNames`. */
export function generateCompanies(count: number, seed = 'registrum-mt', takenNames: Iterable<string> = []): MtRecordInput[] {
  const factory = new CompanyFactory(seed, takenNames);
  return Array.from({ length: count }, (_, i) => factory.company(i));
}
