import { lazy } from '../../../enrichment/reference/files.ts';
import { GbRecordSchema, type GbAddress, type GbFiling, type GbOfficer, type GbPsc, type GbRecord, type GbRecordInput } from '../record.ts';
import { documentKeyOfFiling, filing, lifeFilings, transactionIdOf } from './filings.ts';
import { renderIxbrl, type AccountsFigures } from './ixbrl.ts';

/**
 * The companies the GB emulator knows before the operator stores any (CONTRACT §5): written in the register's own
 * JSON, fictional but shaped like real ones. They cover what the mapping must handle: a group four levels deep with a
 * corporate PSC at each level (Albion), a cross-holding (Kestrel and Heron own each other), a foreign corporate owner
 * (the graph stops there), an LLP with a corporate designated member, Scottish and Northern Irish companies, a
 * limited partnership, a company in liquidation with an insolvency case and charges, one in administration, one
 * dissolved, one with a proposal to strike off, PSC statements and a super-secure PSC.
 */
const office = (line1: string, locality: string, postal_code: string, country = 'England'): GbAddress => ({
  address_line_1: line1,
  locality,
  postal_code,
  country,
});
const LONDON = office('1 Finsbury Square', 'London', 'EC2A 1AE');
const EDINBURGH = office('40 Princes Street', 'Edinburgh', 'EH2 2BY', 'Scotland');
const BELFAST = office('12 Donegall Square North', 'Belfast', 'BT1 5GB', 'Northern Ireland');
const MANCHESTER = office('3 Hardman Street', 'Manchester', 'M3 3HF');

let officerSeq = 0;
/** An individual officer; the appointments link carries the officer's id, stable across the companies they serve. */
function person(
  name: string,
  role: string,
  appointed: string,
  born: [month: number, year: number],
  extra: Partial<GbOfficer> & { officerId?: string } = {},
): GbOfficer {
  const { officerId, ...rest } = extra;
  const id = officerId ?? `gbofficer${String(++officerSeq).padStart(4, '0')}`;
  return {
    name,
    officer_role: role,
    appointed_on: appointed,
    date_of_birth: { month: born[0], year: born[1] },
    nationality: 'British',
    country_of_residence: 'England',
    occupation: role === 'secretary' ? 'Company Secretary' : 'Director',
    address: LONDON,
    links: { officer: { appointments: `/officers/${id}/appointments` } },
    ...rest,
  };
}

function corporateOfficer(name: string, role: string, appointed: string, registration: string): GbOfficer {
  return {
    name,
    officer_role: role,
    appointed_on: appointed,
    address: LONDON,
    identification: {
      identification_type: 'uk-limited-company',
      legal_authority: 'Companies Act 2006',
      legal_form: 'Private Limited Company',
      place_registered: 'Companies House',
      registration_number: registration,
    },
  };
}

const band = (from: 25 | 50 | 75) => `${from}-to-${from === 25 ? 50 : from === 50 ? 75 : 100}-percent`;
/** Shares and votes in the same band, and the right to appoint directors above 50 %: the common case. */
const holding = (from: 25 | 50 | 75) => [
  `ownership-of-shares-${band(from)}`,
  `voting-rights-${band(from)}`,
  ...(from >= 50 ? ['right-to-appoint-and-remove-directors'] : []),
];

function individualPsc(
  forename: string,
  surname: string,
  natures: string[],
  notified: string,
  born: [number, number],
  extra: Partial<GbPsc> = {},
): GbPsc {
  return {
    kind: 'individual-person-with-significant-control',
    name: `Mr ${forename} ${surname}`.replace(/^Mr (Margaret|Fiona|Aoife|Priya)/, 'Ms $1'),
    name_elements: { forename, surname },
    natures_of_control: natures,
    notified_on: notified,
    date_of_birth: { month: born[0], year: born[1] },
    nationality: 'British',
    country_of_residence: 'England',
    address: LONDON,
    ...extra,
  };
}

function corporatePsc(name: string, registration: string, natures: string[], notified: string, where = 'England And Wales'): GbPsc {
  return {
    kind: 'corporate-entity-person-with-significant-control',
    name,
    natures_of_control: natures,
    notified_on: notified,
    address: LONDON,
    identification:
      where === 'England And Wales'
        ? {
            legal_authority: 'Companies Act 2006',
            legal_form: name.endsWith('PLC') ? 'Public Limited Company' : 'Private Limited Company',
            place_registered: 'Companies House',
            country_registered: where,
            registration_number: registration,
          }
        : {
            legal_authority: `${where} company law`,
            legal_form: 'GmbH',
            place_registered: 'Handelsregister',
            country_registered: where,
            registration_number: registration,
          },
  };
}

const statement = (code: string, notified: string): GbPsc => ({
  kind: 'persons-with-significant-control-statement',
  statement: code,
  notified_on: notified,
});

interface Spec {
  number: string;
  name: string;
  type: string;
  status?: string;
  statusDetail?: string;
  created: string;
  ceased?: string;
  address: GbAddress;
  sic: string[];
  previous?: { name: string; effective_from: string; ceased_on: string }[];
  officers: GbOfficer[];
  psc: GbPsc[];
  extraFilings?: GbFiling[];
  /** The accounts filing description; with `figures`, the latest accounts are also filed as iXBRL. */
  accounts?: { description: string; figures?: AccountsFigures };
  subtype?: string;
  jurisdiction?: string;
  insolvency?: GbRecordInput['insolvency'];
  charges?: GbRecordInput['charges'];
}

const TODAY = '2026-06-30';

const PSC_PATHS: Record<string, string> = {
  'individual-person-with-significant-control': 'individual',
  'corporate-entity-person-with-significant-control': 'corporate-entity',
  'legal-person-person-with-significant-control': 'legal-person',
  'super-secure-person-with-significant-control': 'super-secure',
};
/** The PSC's own resource, whose last segment is its id within the company, as the register links it. */
function withSelfLink(number: string, p: GbPsc): GbPsc {
  const path = PSC_PATHS[p.kind];
  if (!path || p.links?.self) return p;
  const id = transactionIdOf(number, p.kind, p.name ?? p.description ?? '');
  return { ...p, links: { self: `/company/${number}/persons-with-significant-control/${path}/${id}` } };
}

/** The iXBRL of the accounts made up to the figures' period end, keyed by that filing's document id. */
function ixbrlDocuments(s: Spec, filings: GbFiling[]): Record<string, { contentType: 'application/xhtml+xml'; content: string }> {
  const figures = s.accounts?.figures;
  if (!figures) return {};
  const f = filings.find((x) => x.category === 'accounts' && x.description_values?.made_up_date === figures.end);
  const key = f && documentKeyOfFiling(f);
  if (!key) throw new Error(`GB seed: ${s.number} has no accounts made up to ${figures.end}`);
  return { [key]: { contentType: 'application/xhtml+xml', content: renderIxbrl(s.name, s.number, figures) } };
}

function company(s: Spec): GbRecordInput {
  const until = s.ceased ?? TODAY;
  const filingHistory = [...lifeFilings(s.number, s.created, until, s.accounts?.description), ...(s.extraFilings ?? [])].sort((a, b) =>
    b.date.localeCompare(a.date),
  );
  return {
    profile: {
      company_number: s.number,
      company_name: s.name,
      company_status: s.status ?? 'active',
      ...(s.statusDetail ? { company_status_detail: s.statusDetail } : {}),
      type: s.type,
      ...(s.subtype ? { subtype: s.subtype } : {}),
      jurisdiction: s.jurisdiction ?? 'england-wales',
      date_of_creation: s.created,
      ...(s.ceased ? { date_of_cessation: s.ceased } : {}),
      registered_office_address: s.address,
      sic_codes: s.sic,
      ...(s.previous ? { previous_company_names: s.previous } : {}),
      has_insolvency_history: s.insolvency !== undefined,
      has_charges: (s.charges?.length ?? 0) > 0,
    },
    officers: s.officers,
    psc: s.psc.map((p) => withSelfLink(s.number, p)),
    filingHistory,
    documents: ixbrlDocuments(s, filingHistory),
    ...(s.insolvency ? { insolvency: s.insolvency } : {}),
    charges: s.charges ?? [],
  };
}

const HOLLOWAY = 'gbofficerhollowaym';
const SPECS: Spec[] = [
  {
    number: '00445790',
    name: 'ALBION GROUP PLC',
    type: 'plc',
    created: '1947-11-03',
    address: LONDON,
    sic: ['70100'],
    previous: [{ name: 'ALBION HOLDINGS (1947) PLC', effective_from: '1947-11-03', ceased_on: '1989-04-12' }],
    officers: [
      person('HOLLOWAY, Margaret Ellen', 'director', '2004-06-01', [3, 1961], { officerId: HOLLOWAY }),
      person('OKAFOR, Daniel Chukwuemeka', 'director', '2012-01-16', [9, 1970], { nationality: 'Nigerian' }),
      person('PEMBERTON, Hugh', 'director', '1998-02-02', [1, 1949], { resigned_on: '2019-05-31' }),
      person('SINGH, Priya', 'secretary', '2015-03-01', [7, 1982]),
    ],
    psc: [
      individualPsc('Margaret Ellen', 'Holloway', holding(50), '2016-04-06', [3, 1961]),
      corporatePsc('NORDSTERN BETEILIGUNGEN GMBH', 'HRB 104211', holding(25), '2018-09-12', 'Germany'),
    ],
    accounts: { description: 'accounts-with-accounts-type-group' },
  },
  {
    number: '03977902',
    name: 'ALBION HOLDINGS LIMITED',
    type: 'ltd',
    created: '2000-04-18',
    address: LONDON,
    sic: ['64209'],
    officers: [
      person('HOLLOWAY, Margaret Ellen', 'director', '2000-04-18', [3, 1961], { officerId: HOLLOWAY }),
      corporateOfficer('ALBION SECRETARIES LIMITED', 'corporate-secretary', '2000-04-18', '03977911'),
    ],
    psc: [corporatePsc('ALBION GROUP PLC', '00445790', holding(75), '2016-04-06')],
  },
  {
    number: '05617255',
    name: 'ALBION OPERATIONS LIMITED',
    type: 'ltd',
    created: '2005-11-08',
    address: MANCHESTER,
    sic: ['62020', '62090'],
    previous: [{ name: 'ALBION SYSTEMS LIMITED', effective_from: '2005-11-08', ceased_on: '2011-02-01' }],
    officers: [
      person('OKAFOR, Daniel Chukwuemeka', 'director', '2011-02-01', [9, 1970], { nationality: 'Nigerian' }),
      person('BRENNAN, Thomas James', 'director', '2005-11-08', [5, 1975]),
    ],
    psc: [corporatePsc('ALBION HOLDINGS LIMITED', '03977902', holding(75), '2016-04-06')],
    accounts: {
      description: 'accounts-with-accounts-type-full',
      figures: {
        standard: 'FRS 102',
        end: '2024-12-31',
        approvedOn: '2025-06-12',
        lines: {
          TurnoverRevenue: [48_250_000, 44_100_000],
          CostSales: [-29_870_000, -27_650_000],
          GrossProfitLoss: [18_380_000, 16_450_000],
          AdministrativeExpenses: [-12_940_000, -12_020_000],
          OperatingProfitLoss: [5_440_000, 4_430_000],
          ProfitLossOnOrdinaryActivitiesBeforeTax: [5_120_000, 4_060_000],
          TaxTaxCreditOnProfitOrLossOnOrdinaryActivities: [-1_280_000, -1_015_000],
          ProfitLoss: [3_840_000, 3_045_000],
          FixedAssets: [12_600_000, 11_900_000],
          Stocks: [2_150_000, 1_980_000],
          TradeDebtorsTradeReceivables: [7_420_000, 6_880_000],
          CashBankOnHand: [4_310_000, 3_260_000],
          CurrentAssets: [13_880_000, 12_120_000],
          'Creditors@WithinOneYear': [-8_940_000, -8_310_000],
          'Creditors@AfterOneYear': [-3_500_000, -4_000_000],
          NetAssetsLiabilities: [14_040_000, 11_710_000],
          Equity: [14_040_000, 11_710_000],
        },
      },
    },
  },
  {
    number: 'SC301245',
    name: 'ALBION NORTH LIMITED',
    type: 'ltd',
    jurisdiction: 'scotland',
    created: '2006-05-02',
    address: EDINBURGH,
    sic: ['62020'],
    officers: [person('MACLEOD, Fiona Catriona', 'director', '2006-05-02', [11, 1979], { country_of_residence: 'Scotland' })],
    psc: [
      corporatePsc('ALBION OPERATIONS LIMITED', '5617255', holding(50), '2016-04-06'),
      corporatePsc('KESTREL VENTURES LIMITED', '08123456', holding(25), '2019-10-01'),
    ],
  },
  {
    number: '08123456',
    name: 'KESTREL VENTURES LIMITED',
    type: 'ltd',
    created: '2012-06-28',
    address: LONDON,
    sic: ['64303'],
    officers: [person('ASHWORTH, Robert William', 'director', '2012-06-28', [2, 1968])],
    psc: [corporatePsc('HERON CAPITAL LIMITED', '08123457', holding(50), '2016-04-06')],
  },
  {
    number: '08123457',
    name: 'HERON CAPITAL LIMITED',
    type: 'ltd',
    created: '2012-06-28',
    address: LONDON,
    sic: ['64999'],
    officers: [person('ASHWORTH, Robert William', 'director', '2012-06-28', [2, 1968])],
    psc: [
      individualPsc('Robert William', 'Ashworth', holding(50), '2016-04-06', [2, 1968]),
      corporatePsc('KESTREL VENTURES LIMITED', '08123456', holding(25), '2016-04-06'),
    ],
  },
  {
    number: 'OC412345',
    name: 'MERIDIAN ADVISORY LLP',
    type: 'llp',
    created: '2016-08-15',
    address: LONDON,
    sic: ['69201'],
    officers: [
      person('WHITFIELD, Jonathan Mark', 'llp-designated-member', '2016-08-15', [4, 1972]),
      corporateOfficer('ALBION HOLDINGS LIMITED', 'corporate-llp-designated-member', '2016-08-15', '03977902'),
      person('CHEN, Li Na', 'llp-member', '2018-01-02', [12, 1985], { nationality: 'Chinese' }),
    ],
    psc: [
      individualPsc(
        'Jonathan Mark',
        'Whitfield',
        [
          'right-to-share-surplus-assets-50-to-75-percent-limited-liability-partnership',
          'voting-rights-50-to-75-percent-limited-liability-partnership',
        ],
        '2016-08-15',
        [4, 1972],
      ),
    ],
  },
  {
    number: 'NI612345',
    name: 'LAGAN FOODS LIMITED',
    type: 'ltd',
    jurisdiction: 'northern-ireland',
    created: '2011-03-09',
    address: BELFAST,
    sic: ['10710', '47240'],
    officers: [
      person("O'NEILL, Aoife", 'director', '2011-03-09', [6, 1980], { country_of_residence: 'Northern Ireland', nationality: 'Irish' }),
    ],
    psc: [statement('no-individual-or-entity-with-signficant-control', '2016-06-30')],
  },
  {
    number: 'LP012345',
    name: 'THAMES INFRASTRUCTURE FUND LP',
    type: 'limited-partnership',
    subtype: 'private-fund-limited-partnership',
    created: '2017-09-20',
    address: LONDON,
    sic: [],
    officers: [],
    psc: [],
  },
  {
    number: '06543210',
    name: 'BRAMLEY RETAIL LIMITED',
    type: 'ltd',
    status: 'liquidation',
    created: '2008-03-14',
    address: office('Unit 4, Kirkstall Road', 'Leeds', 'LS4 2AZ'),
    sic: ['47710'],
    officers: [person('FAIRBAIRN, Gordon', 'director', '2008-03-14', [10, 1958])],
    psc: [individualPsc('Gordon', 'Fairbairn', holding(75), '2016-04-06', [10, 1958])],
    insolvency: {
      cases: [
        {
          type: 'creditors-voluntary-liquidation',
          number: 1,
          dates: [{ type: 'wound-up-on', date: '2025-02-11' }],
          practitioners: [{ name: 'Helen Marsh', role: 'practitioner' }],
        },
      ],
      status: ['liquidation'],
    },
    charges: [
      {
        charge_number: 1,
        status: 'outstanding',
        created_on: '2014-07-01',
        delivered_on: '2014-07-09',
        classification: { type: 'charge-description', description: 'A registered charge' },
        persons_entitled: [{ name: 'Northern Counties Bank PLC' }],
      },
    ],
    extraFilings: [
      filing({
        number: '06543210',
        category: 'insolvency',
        type: '600',
        description: 'liquidation-voluntary-appointment-of-liquidator',
        date: '2025-02-18',
        pages: 2,
      }),
      filing({
        number: '06543210',
        category: 'insolvency',
        type: 'LIQ02',
        description: 'liquidation-voluntary-statement-of-affairs',
        date: '2025-02-18',
        pages: 8,
      }),
    ],
  },
  {
    number: '07711223',
    name: 'SEVERN MARINE ENGINEERING LIMITED',
    type: 'ltd',
    status: 'administration',
    created: '2011-07-19',
    address: office('Quay House, The Docks', 'Bristol', 'BS1 4RB'),
    sic: ['30110', '33150'],
    officers: [person('PRICE, Gareth Owen', 'director', '2011-07-19', [8, 1966], { country_of_residence: 'Wales' })],
    psc: [individualPsc('Gareth Owen', 'Price', holding(75), '2016-04-06', [8, 1966])],
    insolvency: {
      cases: [{ type: 'in-administration', number: 1, dates: [{ type: 'administration-started-on', date: '2026-01-20' }] }],
    },
  },
  {
    number: '04321098',
    name: 'OLD MILL TRADING LIMITED',
    type: 'ltd',
    status: 'dissolved',
    created: '2001-11-26',
    ceased: '2021-08-03',
    address: office('The Old Mill, Mill Lane', 'York', 'YO1 7HH'),
    sic: ['46900'],
    officers: [person('HARGREAVES, Susan', 'director', '2001-11-26', [1, 1955], { resigned_on: '2021-08-03' })],
    psc: [individualPsc('Susan', 'Hargreaves', holding(75), '2016-04-06', [1, 1955], { ceased_on: '2021-08-03' })],
    extraFilings: [
      filing({
        number: '04321098',
        category: 'gazette',
        type: 'GAZ1(A)',
        description: 'gazette-notice-voluntary',
        date: '2021-05-18',
        pages: 1,
      }),
      filing({
        number: '04321098',
        category: 'gazette',
        type: 'GAZ2(A)',
        description: 'gazette-dissolved-voluntary',
        date: '2021-08-03',
        pages: 1,
      }),
    ],
  },
  {
    number: '09876543',
    name: 'FENWICK DESIGN LTD',
    type: 'ltd',
    statusDetail: 'active-proposal-to-strike-off',
    created: '2015-10-05',
    address: office('9 Grey Street', 'Newcastle upon Tyne', 'NE1 6EE'),
    sic: ['74100'],
    officers: [person('FENWICK, Amelia Rose', 'director', '2015-10-05', [5, 1990])],
    psc: [
      {
        kind: 'super-secure-person-with-significant-control',
        description: 'super-secure-persons-with-significant-control',
        notified_on: '2016-04-06',
      },
    ],
  },
  {
    number: '10234567',
    name: 'PENNY LANE BAKERY LTD',
    type: 'ltd',
    created: '2016-06-13',
    address: office('22 Penny Lane', 'Liverpool', 'L18 1DE'),
    sic: ['10710', '56102'],
    officers: [person('DOYLE, Sean Patrick', 'director', '2016-06-13', [3, 1987])],
    psc: [
      individualPsc('Sean Patrick', 'Doyle', holding(50), '2016-06-13', [3, 1987]),
      statement('psc-exists-but-not-identified', '2023-02-01'),
    ],
    accounts: {
      description: 'accounts-with-accounts-type-micro-entity',
      figures: {
        standard: 'FRS 105',
        end: '2024-12-31',
        approvedOn: '2025-08-04',
        lines: {
          TurnoverRevenue: [312_400, 287_900],
          ProfitLoss: [-8_150, 14_320],
          FixedAssets: [41_200, 45_800],
          CurrentAssets: [38_650, 52_100],
          'Creditors@WithinOneYear': [-29_300, -31_450],
          'Creditors@AfterOneYear': [-18_000, -24_000],
          NetAssetsLiabilities: [32_550, 42_450],
          Equity: [32_550, 42_450],
        },
      },
    },
  },
];

/** The seeded companies by number, checked against the record schema at first use (a typo fails loudly). */
export const seededCompanies = lazy(() => {
  const byNumber = new Map<string, GbRecord>();
  for (const spec of SPECS) {
    if (byNumber.has(spec.number)) throw new Error(`GB seed: ${spec.number} twice`);
    byNumber.set(spec.number, GbRecordSchema.parse(company(spec)));
  }
  return byNumber;
});
