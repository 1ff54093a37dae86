import PDFDocument from 'pdfkit';
import { formatMoney } from '../mapping/company.ts';
import { addressLine } from '../mapping/address.ts';
import { kindOf, yearOf } from '../mapping/documents.ts';
import type { MtFiling, MtInvolvement, MtRecord } from '../record.ts';
import { accountsSections, type AccountsTable } from './accounts.ts';
import { NOTO_SANS } from './fonts.ts';

type Rows = [string, string][];
interface Section {
  heading: string;
  rows?: Rows;
  paragraphs?: string[];
  table?: AccountsTable;
}

const partyRows = (people: MtInvolvement[]): Rows =>
  people.map((p) => [
    p.name,
    [p.role, p.idCardNumber ?? p.registrationNumber, p.appointedOn && `appointed ${p.appointedOn}`].filter(Boolean).join(', '),
  ]);

const shareRows = (people: MtInvolvement[]): Rows =>
  people
    .filter((p) => p.shares)
    .map((p) => [
      p.name,
      `${p.shares!.issued ?? 0} ${[p.shares!.type, p.shares!.class && `class ${p.shares!.class}`].filter(Boolean).join(' ')} shares, ${p.shares!.paidUp ?? 100}% paid up`,
    ]);

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
        {
          heading: 'Memorandum of Association',
          paragraphs: [
            `1. The name of the company is ${c.name}.`,
            `2. The registered office of the company is situated in Malta, at ${addressLine(c.registeredOffice)}.`,
            '3. The objects of the company are to carry on any lawful business and to do all such things as are incidental or conducive to the attainment of those objects.',
          ],
          rows: capital,
        },
        { heading: 'Subscribers', rows: shareRows(people.filter((p) => p.role === 'Subscriber')) },
        {
          heading: 'Articles of Association',
          paragraphs: [
            'The regulations contained in these articles shall govern the company. The business of the company shall be managed by the directors, who may exercise all such powers of the company as are not required by the Companies Act to be exercised by the company in general meeting.',
          ],
        },
      ];
    case 'ACCOUNTS':
      return [
        // The year the document list names (mapping/documents.ts), so the copy and the list never disagree.
        ...accountsSections(r, filing, yearOf(filing) ?? Number(filing.date.slice(0, 4)) - 1, people),
        { heading: 'Auditors', rows: partyRows(people.filter((p) => p.role === 'Auditor')) },
      ];
    case 'RETURN':
      return [
        {
          heading: `Annual return made up to ${yearOf(filing) ?? filing.date.slice(0, 4)}`,
          rows: [['Registered office', addressLine(c.registeredOffice)], ...capital],
        },
        { heading: 'Officers', rows: partyRows(people.filter((p) => !['Subscriber', 'Shareholder'].includes(p.role))) },
        { heading: 'Members', rows: shareRows(people) },
      ];
    case 'PROSPECTUS':
      return [
        {
          heading: 'Summary',
          paragraphs: [
            `This prospectus is issued by ${c.name}, a company registered in Malta under number ${c.registrationNumber}.`,
            'Investing in the securities described herein involves risks; prospective investors should read the whole prospectus.',
          ],
          rows: capital,
        },
        { heading: 'Directors', rows: partyRows(people.filter((p) => p.role === 'Director')) },
      ];
    default:
      return [
        {
          heading: filing.title,
          paragraphs: [`Notice delivered to the Registrar of Companies on ${filing.date} concerning ${c.name}.`],
          rows: partyRows(people.filter((p) => p.appointedOn === filing.date)),
        },
      ];
  }
}

const VALUE_WIDTH = 90;
const VALUE_GAP = 10;

/**
 * A statement table: amounts right-aligned in fixed columns at the right margin, each under its year, as accounts
 * are printed (the connector tells the columns apart by where the amounts end).
 */
function drawTable(doc: PDFKit.PDFDocument, table: AccountsTable) {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const n = table.columns.length;
  const columnX = table.columns.map((_, i) => right - (n - i) * VALUE_WIDTH - (n - 1 - i) * VALUE_GAP);
  const row = (label: string, values: readonly string[], font: string) => {
    if (doc.y + 14 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc.font(values.length || !label ? font : 'bold');
    if (label) doc.text(label, left, y, { width: right - n * (VALUE_WIDTH + VALUE_GAP) - left, lineBreak: false });
    values.forEach((v, i) => doc.text(v, columnX[i]!, y, { width: VALUE_WIDTH, align: 'right', lineBreak: false }));
    doc.x = left;
    doc.y = y + 14;
  };
  doc.font('regular').fontSize(9).text(table.note).fontSize(10).moveDown(0.3);
  row('', table.columns, 'bold');
  for (const [label, ...values] of table.rows) row(label, values, 'regular');
}

/**
 * Renders one filing of a company as the registry delivers it: a PDF with the registry's heading, the company and
 * the filing, and a body by kind. Its creation date is the filing's, so the same filing renders the same bytes.
 */
export function renderFilingPdf(r: MtRecord, filing: MtFiling): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    info: {
      Title: `${filing.title} - ${r.company.name}`,
      Author: 'Malta Business Registry (sandbox)',
      Producer: 'registrum',
      CreationDate: new Date(`${filing.date}T00:00:00Z`),
    },
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
    if (s.table) drawTable(doc, s.table);
  }
  doc.moveDown(2).font('regular').fontSize(8).fillColor('#555555');
  doc.text('Copy issued by the sandbox of the Malta Business Registry. The company and its data are fictional.');
  doc.end();
  return done;
}
