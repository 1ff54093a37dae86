import PDFDocument from 'pdfkit';
import { formatMoney } from '../mapping/company.ts';
import { addressLine } from '../mapping/address.ts';
import { kindOf } from '../mapping/documents.ts';
import type { MtFiling, MtInvolvement, MtRecord } from '../record.ts';
import { NOTO_SANS } from './fonts.ts';
import { hashUnit } from './random.ts';

type Rows = [string, string][];
interface Section {
  heading: string;
  rows?: Rows;
  paragraphs?: string[];
}

const partyRows = (people: MtInvolvement[]): Rows =>
  people.map((p) => [p.name, [p.role, p.idCardNumber ?? p.registrationNumber, p.appointedOn && `appointed ${p.appointedOn}`].filter(Boolean).join(', ')]);

const shareRows = (people: MtInvolvement[]): Rows =>
  people
    .filter((p) => p.shares)
    .map((p) => [p.name, `${p.shares!.issued ?? 0} ${[p.shares!.type, p.shares!.class && `class ${p.shares!.class}`].filter(Boolean).join(' ')} shares, ${p.shares!.paidUp ?? 100}% paid up`]);

/** Figures of a set of accounts: made up from the company and the year, the same every time. */
function accountsRows(r: MtRecord, year: number): Section[] {
  const base = Math.max(10_000, (r.company.issuedCapital ?? 1_200) * 20);
  const f = (label: string, share: number) => Math.round(base * share * (0.6 + hashUnit(`${r.company.registrationNumber}:${year}:${label}`)));
  const revenue = f('revenue', 3);
  const expenses = Math.round(revenue * 0.85);
  const assets = f('assets', 2);
  const liabilities = Math.round(assets * 0.45);
  const money = (n: number) => formatMoney(n, r.company.currency);
  return [
    { heading: `Statement of comprehensive income for the year ended 31 December ${year}`, rows: [['Revenue', money(revenue)], ['Administrative and other expenses', money(expenses)], ['Profit for the year', money(revenue - expenses)]] },
    { heading: `Statement of financial position as at 31 December ${year}`, rows: [['Total assets', money(assets)], ['Total liabilities', money(liabilities)], ['Total equity', money(assets - liabilities)]] },
  ];
}

/** The body of a filing by its kind: what such a document holds at the registry. */
function sectionsOf(r: MtRecord, filing: MtFiling): Section[] {
  const c = r.company;
  const people = r.involvements;
  const capital: Rows = [
    ...(c.authorisedCapital !== undefined ? ([['Authorised share capital', formatMoney(c.authorisedCapital, c.currency)]] as Rows) : []),
    ...(c.issuedCapital !== undefined ? ([['Issued share capital', formatMoney(c.issuedCapital, c.currency)]] as Rows) : []),
  ];
  switch (kindOf(filing.title).code) {
    case 'MEMART':
      return [
        { heading: 'Memorandum of Association', paragraphs: [`1. The name of the company is ${c.name}.`, `2. The registered office of the company is situated in Malta, at ${addressLine(c.registeredOffice)}.`, '3. The objects of the company are to carry on any lawful business and to do all such things as are incidental or conducive to the attainment of those objects.'], rows: capital },
        { heading: 'Subscribers', rows: shareRows(people.filter((p) => p.role === 'Subscriber')) },
        { heading: 'Articles of Association', paragraphs: ['The regulations contained in these articles shall govern the company. The business of the company shall be managed by the directors, who may exercise all such powers of the company as are not required by the Companies Act to be exercised by the company in general meeting.'] },
      ];
    case 'ACCOUNTS':
      return [...accountsRows(r, filing.documentYear ?? Number(filing.date.slice(0, 4)) - 1), { heading: 'Auditors', rows: partyRows(people.filter((p) => p.role === 'Auditor')) }];
    case 'RETURN':
      return [
        { heading: `Annual return made up to ${filing.documentYear ?? filing.date.slice(0, 4)}`, rows: [['Registered office', addressLine(c.registeredOffice)], ...capital] },
        { heading: 'Officers', rows: partyRows(people.filter((p) => !['Subscriber', 'Shareholder'].includes(p.role))) },
        { heading: 'Members', rows: shareRows(people) },
      ];
    case 'PROSPECTUS':
      return [
        { heading: 'Summary', paragraphs: [`This prospectus is issued by ${c.name}, a company registered in Malta under number ${c.registrationNumber}.`, 'Investing in the securities described herein involves risks; prospective investors should read the whole prospectus.'], rows: capital },
        { heading: 'Directors', rows: partyRows(people.filter((p) => p.role === 'Director')) },
      ];
    default:
      return [{ heading: filing.title, paragraphs: [`Notice delivered to the Registrar of Companies on ${filing.date} concerning ${c.name}.`], rows: partyRows(people.filter((p) => p.appointedOn === filing.date)) }];
  }
}

/**
 * Renders one filing of a company as the registry delivers it: a PDF with the registry's heading, the company and
 * the filing, and a body by kind. Its creation date is the filing's, so the same filing renders the same bytes.
 */
export function renderFilingPdf(r: MtRecord, filing: MtFiling): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: { Title: `${filing.title} - ${r.company.name}`, Author: 'Malta Business Registry (sandbox)', Producer: 'registrum', CreationDate: new Date(`${filing.date}T00:00:00Z`) },
  });
  doc.registerFont('regular', NOTO_SANS.regular());
  doc.registerFont('bold', NOTO_SANS.bold());
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.font('regular').fontSize(9).fillColor('#555555').text('MALTA BUSINESS REGISTRY · REGISTRY OF COMPANIES');
  doc.moveDown(0.6).font('bold').fontSize(16).fillColor('#000000').text(filing.title);
  doc.moveDown(0.3).fontSize(12).text(r.company.name);
  doc.font('regular').fontSize(10).text(`Registration number: ${r.company.registrationNumber}`);
  doc.text(`Filed on: ${filing.date} · File ${filing.fileId} · ${filing.documentsInFile} document(s) in file`);
  for (const s of sectionsOf(r, filing)) {
    doc.moveDown(1).font('bold').fontSize(11).text(s.heading);
    doc.moveDown(0.3).fontSize(10);
    for (const p of s.paragraphs ?? []) doc.font('regular').text(p).moveDown(0.3);
    for (const [label, value] of s.rows ?? []) doc.font('bold').text(`${label}: `, { continued: true }).font('regular').text(value);
  }
  doc.moveDown(2).font('regular').fontSize(8).fillColor('#555555');
  doc.text('Copy issued by the sandbox of the Malta Business Registry. The company and its data are fictional.');
  doc.end();
  return done;
}
