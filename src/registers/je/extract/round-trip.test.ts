import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { renderReportPdf } from '../emulator/report-pdf.ts';
import { reportFields } from '../mapping/company.ts';
import { parseRegistryDate } from '../mapping/dates.ts';
import { legalRepresentativesOf, otherKeyPersonsOf, shareholdersOf } from '../mapping/people.ts';
import { isActiveStatus } from '../mapping/status.ts';
import { JeRecordSchema, type JeRecord, type JeRecordInput } from '../record.ts';
import { extractReport } from './report.ts';
import { readPdfLines } from '../../../documents/pdf-lines.ts';

const SEEDS = (
  JSON.parse(readFileSync(new URL('../emulator/seed.json', import.meta.url), 'utf8')) as { companies: JeRecordInput[] }
).companies.map((c) => JeRecordSchema.parse(c));
const ORDER = { reference: 'JFSC-R-000042-ABCDEF', producedAt: new Date('2026-02-01T10:15:00Z') };

/** An entity that stretches the layout: long wrapped values, directors and shareholders over several pages. */
const BIG: JeRecordInput = {
  entity: {
    registrationNumber: '1234567',
    name: 'The Very Long Named Channel Islands Reinsurance & Investment Holdings (Jersey) Limited',
    type: 'Registered Company Public',
    status: 'Active',
    registeredOn: '2001-06-30',
  },
  report: {
    registeredOffice: {
      addressLine1: 'Suite 14, Level 3, The Harbour Reach Business Centre, La Rue de Carteret',
      addressLine2: 'Castle Quay',
      city: 'St Helier',
      postalCode: 'JE2 3RT',
    },
    capital: { amount: 1234567.5, currency: 'GBP', issuedShares: 2_000_000 },
    directors: Array.from({ length: 14 }, (_, i) => ({
      name: i % 3 === 0 ? `Corporate Director Number ${i + 1} Limited` : `Jean-Pierre Marie-Thérèse Le Quesne-Hamon ${i + 1}`,
      kind: i % 3 === 0 ? ('corporate' as const) : ('individual' as const),
      appointedOn: `0${(i % 9) + 1}/03/2015`,
      ...(i % 3 === 0 ? {} : { nationality: i % 2 ? 'British' : 'Portuguese', birthMonth: (i % 12) + 1, birthYear: 1950 + i }),
      address: `Flat ${i + 1}, A Rather Long Building Name On A Long Street With Many Words, St Brelade, JE3 8${i % 10}A`,
    })),
    secretary: { name: 'Castle Quay Company Secretarial Services (Jersey) Limited', kind: 'corporate' },
    shareholders: Array.from({ length: 45 }, (_, i) => ({
      name: i % 4 === 0 ? `Nominee Holder Number ${i + 1} For Several Beneficial Owners Of Shares Limited` : `Shareholder ${i + 1} Smith`,
      kind: i % 4 === 0 ? ('corporate' as const) : ('individual' as const),
      shares: 1000 * (i + 1),
      shareClass: i % 5 === 0 ? 'Preference' : 'Ordinary',
    })),
  },
};

/** Checks that every value of the record's report comes back through render, extraction and mapping. */
async function roundTrip(record: JeRecord): Promise<string[]> {
  const number = record.entity.registrationNumber!;
  const report = record.report!;
  const x = await extractReport(await renderReportPdf(number, record, report, ORDER));
  const wrong: string[] = [];
  const check = (what: string, got: unknown, want: unknown) => {
    try {
      assert.deepEqual(got, want);
    } catch {
      wrong.push(`${number} ${what}: want ${JSON.stringify(want)}, got ${JSON.stringify(got)}`);
    }
  };
  check('name', x.entity['Entity Name'], record.entity.name);
  const company = reportFields(number, x);
  const o = report.registeredOffice;
  check('office', company.legalAddress, { ...o, countryCode: 'JE' });
  check(
    'capital',
    company.capital && { amount: company.capital.amount, currency: company.capital.currency },
    report.capital && { amount: report.capital.amount, currency: report.capital.currency },
  );
  const reps = legalRepresentativesOf(number, x);
  check('directors', reps.length, report.directors.length);
  report.directors.forEach((d, i) => {
    const r = reps[i];
    check(`director ${i} name`, r?.individual?.name?.fullName ?? r?.company?.legalName, d.name);
    check(`director ${i} type`, r?.type, d.kind === 'corporate' ? 'company' : 'individual');
    check(`director ${i} start`, r?.startDate, parseRegistryDate(d.appointedOn));
    if (d.kind === 'individual')
      check(
        `director ${i} birth`,
        r?.individual?.birthDate,
        d.birthYear ? { ...(d.birthMonth ? { month: d.birthMonth } : {}), year: d.birthYear } : undefined,
      );
    const address = r?.individual?.serviceAddress ?? r?.company?.legalAddress;
    check(
      `director ${i} address`,
      address ? [address.addressLine1, address.addressLine2, address.city, address.postalCode].filter(Boolean).join(', ') : undefined,
      d.address?.replace(/, France$/, ''),
    );
    if (d.address?.endsWith(', France')) check(`director ${i} country`, address?.countryCode, 'FR');
  });
  const secretary = otherKeyPersonsOf(number, x)[0];
  check('secretary', secretary && (secretary.individual?.name?.fullName ?? secretary.company?.legalName), report.secretary?.name);
  const holders = shareholdersOf(number, x);
  check(
    'shareholders',
    holders.map((h) => [h.individual?.name?.fullName ?? h.company?.legalName, h.type, h.numberOfShares]),
    report.shareholders.map((s) => [s.name, s.kind === 'corporate' ? 'company' : 'individual', s.shares]),
  );
  check(
    'share classes',
    x.shareholders.map((s) => s['Share Class']),
    report.shareholders.map((s) => s.shareClass),
  );
  return wrong;
}

describe('JE entity profile report PDF round trip', () => {
  const active = SEEDS.filter((r) => r.report && isActiveStatus(r.entity.status));

  it(`reads back every field of the ${active.length} seeded reports and of one spread over several pages`, {
    timeout: 120_000,
  }, async () => {
    const big = JeRecordSchema.parse(BIG);
    const wrong = (await Promise.all([...active, big].map(roundTrip))).flat();
    assert.deepEqual(wrong, []);
    const pages = new Set((await readPdfLines(await renderReportPdf('1234567', big, big.report, ORDER))).map((l) => l.page));
    assert.ok(pages.size >= 3, `the big report spans ${pages.size} pages`);
  });

  it('prints "not disclosed" for undisclosed shareholders and "None registered." for missing sections', async () => {
    const gorey = SEEDS.find((r) => r.entity.registrationNumber === '53817')!;
    const x = await extractReport(await renderReportPdf('53817', gorey, gorey.report, ORDER));
    assert.equal(x.shareholdersDisclosed, false);
    assert.deepEqual(shareholdersOf('53817', x), []);
    const bare = JeRecordSchema.parse({
      entity: { name: 'Bare Limited', type: 'Registered Company Private', status: 'Active', registeredOn: '01/01/2020' },
    });
    const y = await extractReport(await renderReportPdf('7777', bare, undefined, ORDER));
    assert.deepEqual([y.directors, y.secretary, reportFields('7777', y)], [[], undefined, {}]);
    const text = (await readPdfLines(await renderReportPdf('7777', bare, undefined, ORDER))).map((l) =>
      l.runs.map((r) => r.text).join(' '),
    );
    assert.ok(
      text.some((t) => /^Uncertified copy\. Order JFSC-R-000042-ABCDEF, produced 01\/02\/2026 10:15 UTC\. Page 1 of 1$/.test(t)),
      text.join('\n'),
    );
  });

  it('refuses what is not a report: bytes that are not a PDF, and the report of another entity', async () => {
    await assert.rejects(extractReport(new TextEncoder().encode('not a pdf')), { code: 'processing_failed' });
    const seed = SEEDS[0]!;
    const x = await extractReport(await renderReportPdf(seed.entity.registrationNumber!, seed, seed.report, ORDER));
    assert.throws(() => reportFields('999999', x), { code: 'processing_failed', message: /report of entity 104325/ });
  });
});
