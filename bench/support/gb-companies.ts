// A synthetic Basic Company Data product for the GB benchmarks: the register's columns (BULK_HEADER), names built
// from the US-NY generator's word lists (surnames, given names, business words, trades, made-up syllable words)
// with GB legal endings, addresses in GB post towns, previous names on about one company in six.
import { createWriteStream, existsSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BULK_HEADER } from '../../src/registers/gb/emulator/bulk.ts';
import { Rng } from '../../src/sandbox/random.ts';
import vocabulary from '../../src/registers/us-ny/generator/vocabulary.json' with { type: 'json' };

const ENDINGS: [string, number][] = [
  ['LIMITED', 62],
  ['LTD', 20],
  ['LTD.', 3],
  ['PLC', 1],
  ['LLP', 4],
  ['LP', 2],
  ['CIC', 2],
  ['COMMUNITY INTEREST COMPANY', 1],
  ['(UK) LIMITED', 3],
  ['HOLDINGS LIMITED', 2],
];
const TOWNS = [
  'LONDON',
  'MANCHESTER',
  'BIRMINGHAM',
  'LEEDS',
  'GLASGOW',
  'EDINBURGH',
  'BRISTOL',
  'CARDIFF',
  'BELFAST',
  'LIVERPOOL',
  'NOTTINGHAM',
  'SHEFFIELD',
  'LEICESTER',
  'COVENTRY',
  'READING',
  'OXFORD',
  'CAMBRIDGE',
  'YORK',
  'NORWICH',
  'EXETER',
];
const STATUSES: [string, number][] = [
  ['Active', 93],
  ['Active - Proposal to Strike off', 4],
  ['Liquidation', 2],
  ['In Administration', 1],
];
const CATEGORIES = [
  'Private Limited Company',
  'Public Limited Company',
  'Limited Liability Partnership',
  'Limited Partnership',
  'Community Interest Company',
];
const SIC = [
  '62012 - Business and domestic software development',
  '68209 - Other letting and operating of own or leased real estate',
  '70229 - Management consultancy activities other than financial management',
  '47910 - Retail sale via mail order houses or via Internet',
  '56101 - Licensed restaurants',
  '41100 - Development of building projects',
  '82990 - Other business support service activities n.e.c.',
  '96090 - Other service activities n.e.c.',
];

function weighted(rng: Rng, options: readonly [string, number][]): string {
  const total = options.reduce((s, [, w]) => s + w, 0);
  let x = rng.next() * total;
  for (const [v, w] of options) if ((x -= w) < 0) return v;
  return options[0]![0];
}

const made = (rng: Rng) => Array.from({ length: rng.int(2, 3) }, () => rng.pick(vocabulary.syllables)).join('');

/** A company name without its ending, in one of the register's common shapes. */
function stem(rng: Rng): string {
  const v = vocabulary;
  switch (rng.int(0, 7)) {
    case 0:
      return `${rng.pick(v.surnames)} ${rng.pick(v.industries)}`;
    case 1:
      return `${rng.pick(v.surnames)} & ${rng.pick(v.surnames)}`;
    case 2:
      return `${rng.pick(v.businessWords)} ${rng.pick(v.businessWords)} ${rng.pick(v.industries)}`;
    case 3:
      return `${rng.pick(v.givenNames)} ${rng.pick(v.surnames)} ${rng.pick(v.industries)}`;
    case 4:
      return `${made(rng)} ${rng.pick(v.industries)}`;
    case 5:
      return `${made(rng)}`;
    case 6:
      return `${rng.pick(TOWNS)} ${rng.pick(v.businessWords)} ${rng.pick(v.industries)}`;
    default:
      return `${rng.pick(v.businessWords)} ${made(rng)}`;
  }
}

export const companyName = (rng: Rng) => `${stem(rng)} ${weighted(rng, ENDINGS)}`;

export interface GeneratedCompany {
  number: string;
  name: string;
  previousNames: string[];
}

const cell = (v: string) => (/[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
const date = (rng: Rng) => `${String(rng.int(1, 28)).padStart(2, '0')}/${String(rng.int(1, 12)).padStart(2, '0')}/${rng.int(1990, 2026)}`;

/**
 * Writes `size` companies as a Basic Company Data CSV; calls `sample` for every company (the bench keeps a few as
 * labelled queries). Numbers: 8 digits mostly, SC/NI/OC prefixes on some.
 */
export async function writeBasicCompanyData(
  path: string,
  size: number,
  seed: number,
  sample: (c: GeneratedCompany, i: number) => void,
): Promise<void> {
  const rng = Rng.of(seed);
  const out = createWriteStream(path, { highWaterMark: 1 << 20 });
  const write = (s: string) => (out.write(s) ? Promise.resolve() : new Promise<void>((r) => out.once('drain', () => r())));
  await write(`${BULK_HEADER.map(cell).join(',')}\n`);
  let lines: string[] = [];
  for (let i = 0; i < size; i++) {
    const prefix = i % 25 === 0 ? 'SC' : i % 40 === 0 ? 'NI' : i % 30 === 0 ? 'OC' : '';
    const number = prefix ? `${prefix}${String(i % 1_000_000).padStart(6, '0')}` : String(i).padStart(8, '0');
    const name = companyName(rng);
    const previousNames = rng.next() < 0.16 ? Array.from({ length: rng.int(1, 3) }, () => companyName(rng)) : [];
    const row = new Array<string>(BULK_HEADER.length).fill('');
    row[0] = name;
    row[1] = number;
    row[2] = `${rng.int(1, 200)} ${rng.pick(vocabulary.streetNames)} ${rng.pick(['ROAD', 'STREET', 'LANE', 'AVENUE'])}`;
    row[3] = rng.next() < 0.3 ? `UNIT ${rng.int(1, 40)}` : '';
    row[4] = rng.pick(TOWNS);
    row[5] = 'UNITED KINGDOM';
    row[6] = `${rng.pick(['EC1A', 'M1', 'B2', 'LS1', 'G1', 'EH1', 'BS1', 'CF10', 'BT1', 'L1'])} ${rng.int(1, 9)}${rng.pick(['AA', 'AB', 'BD', 'XY'])}`;
    row[7] = rng.pick(CATEGORIES);
    row[8] = weighted(rng, STATUSES);
    row[9] = date(rng);
    row[10] = rng.pick(SIC);
    previousNames.forEach((p, k) => {
      row[14 + 2 * k] = date(rng);
      row[15 + 2 * k] = p;
    });
    // Numbers repeat across prefixes in this generator only when i ≥ 1,000,000 with a prefix: keep them unique.
    if (prefix && i >= 1_000_000) row[1] = String(i).padStart(8, '0');
    const c = { number: row[1]!, name, previousNames };
    sample(c, i);
    lines.push(row.map(cell).join(','));
    if (lines.length === 10_000) {
      await write(`${lines.join('\n')}\n`);
      lines = [];
    }
  }
  if (lines.length) await write(`${lines.join('\n')}\n`);
  await new Promise<void>((resolve, reject) => out.end((err?: Error | null) => (err ? reject(err) : resolve())));
}

/**
 * The GB benches' product of `size` companies: generated once per size under the temp directory (seed 21), else
 * read again only to draw the sample; `queries` companies sampled evenly, and some with previous names.
 */
export async function benchProduct(
  size: number,
  queries: number,
  log: (...a: unknown[]) => void,
): Promise<{ csv: string; sample: GeneratedCompany[]; formerSample: GeneratedCompany[] }> {
  const csv = join(tmpdir(), `gb-bench-basic-company-data-${size}.csv`);
  const sampleEvery = Math.max(1, Math.floor(size / queries));
  const sample: GeneratedCompany[] = [];
  const formerSample: GeneratedCompany[] = [];
  const keep = (c: GeneratedCompany, i: number) => {
    if (i % sampleEvery === 0) sample.push(c);
    if (i % sampleEvery === 7 && c.previousNames.length) formerSample.push(c);
  };
  if (!existsSync(csv)) {
    log(`generating ${size} companies into ${csv}…`);
    await writeBasicCompanyData(`${csv}.part`, size, 21, keep);
    rmSync(csv, { force: true });
    renameSync(`${csv}.part`, csv);
  } else {
    log(`reusing ${csv}; sampling it…`);
    await writeBasicCompanyData('/dev/null', size, 21, keep);
  }
  return { csv, sample, formerSample };
}
