import PDFDocument from 'pdfkit';
import {
  DIRECTOR_HEADING,
  KIND_WORDS,
  NONE_REGISTERED,
  NOT_DISCLOSED,
  REPORT_LABELS as L,
  REPORT_SECTIONS as S,
  REPORT_TITLE,
  SHAREHOLDER_COLUMNS,
} from '../labels.ts';
import { formatRegistryDate } from '../mapping/dates.ts';
import { formatMoney } from '../mapping/capital.ts';
import type { JeRecord, JeReportRecord } from '../record.ts';

const PAGE = { width: 595.28, height: 841.89, margin: 50 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const BOTTOM = PAGE.height - PAGE.margin - 30; // room for the footer
/** Where values start: the extractor tells labels from values by this column. */
export const LABEL_WIDTH = 160;
const FONT_SIZE = 10;
const SHARE_WIDTHS = [215, 95, 85, 100.28];

type Row = [label: string, value: string | undefined];

/** Draws top to bottom, starting a new page when the next block would not fit. */
class Writer {
  y = PAGE.margin;
  constructor(readonly doc: PDFKit.PDFDocument) {}

  room(height: number): void {
    if (this.y + height > BOTTOM) {
      this.doc.addPage();
      this.y = PAGE.margin;
    }
  }

  heading(title: string): void {
    this.room(50);
    this.y += 10;
    this.doc.font('Helvetica-Bold').fontSize(12).fillColor('#003b5c').text(title, PAGE.margin, this.y);
    this.doc.fillColor('#000000');
    this.y = this.doc.y + 6;
  }

  subheading(title: string): void {
    this.room(30);
    this.doc.font('Helvetica-Bold').fontSize(FONT_SIZE).text(title, PAGE.margin, this.y);
    this.y = this.doc.y + 3;
  }

  note(text: string): void {
    this.room(20);
    this.doc.font('Helvetica-Oblique').fontSize(FONT_SIZE).text(text, PAGE.margin, this.y, { width: CONTENT_WIDTH });
    this.y = this.doc.y + 4;
  }

  /** Label/value rows; rows without a value are left out, as the registry does. */
  rows(rows: Row[]): void {
    const valueWidth = CONTENT_WIDTH - LABEL_WIDTH;
    for (const [label, value] of rows) {
      if (!value) continue;
      this.doc.font('Helvetica').fontSize(FONT_SIZE);
      const h = Math.max(
        this.doc.heightOfString(value, { width: valueWidth }),
        this.doc.heightOfString(label, { width: LABEL_WIDTH - 10 }),
      );
      this.room(h + 4);
      this.doc.fillColor('#555555').text(label, PAGE.margin, this.y, { width: LABEL_WIDTH - 10 });
      this.doc.fillColor('#000000').text(value, PAGE.margin + LABEL_WIDTH, this.y, { width: valueWidth });
      this.y += h + 4;
    }
  }

  table(columns: readonly string[], widths: number[], rows: string[][]): void {
    const line = (cells: readonly string[], bold: boolean) => {
      this.doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(FONT_SIZE);
      const h = Math.max(...cells.map((c, i) => this.doc.heightOfString(c || ' ', { width: widths[i]! - 8 })));
      this.room(h + 6);
      let x = PAGE.margin;
      cells.forEach((c, i) => {
        if (c) this.doc.text(c, x, this.y, { width: widths[i]! - 8 });
        x += widths[i]!;
      });
      this.y += h + 6;
    };
    line(columns, true);
    for (const row of rows) line(row, false);
  }
}

// Lines the registry does not have are left out of the report (rows without a value are not printed).
const officeRows = (r: JeReportRecord): Row[] => [
  [L.addressLine1, r.registeredOffice.addressLine1],
  [L.addressLine2, r.registeredOffice.addressLine2],
  [L.city, r.registeredOffice.city],
  [L.postalCode, r.registeredOffice.postalCode],
];

const birth = (d: JeReportRecord['directors'][number]) =>
  d.birthYear ? (d.birthMonth ? `${String(d.birthMonth).padStart(2, '0')}/${d.birthYear}` : String(d.birthYear)) : undefined;

/**
 * Renders an active entity's profile report (sections without data print "None registered.") in the registry's layout (registers/je.md §2): entity details, registered
 * office, share capital, one block per director, the secretary, and the shareholders table (or a note that they are
 * not disclosed); an uncertified PDF with the order reference and page numbers in the footer.
 */
export function renderReportPdf(
  number: string,
  record: JeRecord,
  report: JeReportRecord | undefined,
  order: { reference: string; producedAt: Date },
): Promise<Buffer> {
  const e = record.entity;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE.margin,
    bufferPages: true,
    info: {
      Title: `${REPORT_TITLE} - ${e.name}`,
      Author: 'Jersey Financial Services Commission (sandbox)',
      Creator: 'registrum JE registry emulator',
      CreationDate: order.producedAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const w = new Writer(doc);
  doc.font('Helvetica-Bold').fontSize(18).text(REPORT_TITLE, PAGE.margin, w.y, { width: CONTENT_WIDTH, align: 'center' });
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor('#444444')
    .text('Jersey Financial Services Commission - Companies Registry', { width: CONTENT_WIDTH, align: 'center' });
  doc.fillColor('#000000');
  w.y = doc.y + 8;

  w.heading(S.entity);
  w.rows([
    [L.name, e.name],
    [L.number, number],
    [L.type, e.type],
    [L.status, e.status],
    [L.registeredOn, formatRegistryDate(e.registeredOn)],
  ]);
  w.heading(S.office);
  if (report) w.rows(officeRows(report));
  else w.note(NONE_REGISTERED);
  w.heading(S.capital);
  if (report?.capital) {
    const c = report.capital;
    w.rows([
      [L.capital, formatMoney(c.amount, c.currency)],
      [L.issuedShares, c.issuedShares?.toLocaleString('en-GB')],
    ]);
  } else w.note(NONE_REGISTERED);

  w.heading(S.directors);
  const directors = report?.directors ?? [];
  if (directors.length === 0) w.note(NONE_REGISTERED);
  directors.forEach((d, i) => {
    w.subheading(`${DIRECTOR_HEADING} ${i + 1}`);
    w.rows([
      [L.personName, d.name],
      [L.directorKind, KIND_WORDS[d.kind]],
      [L.appointedOn, formatRegistryDate(d.appointedOn)],
      [L.nationality, d.nationality],
      [L.birth, birth(d)],
      [L.address, d.address],
    ]);
  });
  w.heading(S.secretary);
  if (report?.secretary)
    w.rows([
      [L.personName, report.secretary.name],
      [L.secretaryKind, KIND_WORDS[report.secretary.kind]],
    ]);
  else w.note(NONE_REGISTERED);

  w.heading(S.shareholders);
  const shareholders = report?.shareholders ?? [];
  if (shareholders.length === 0) w.note(NOT_DISCLOSED);
  else
    w.table(
      SHAREHOLDER_COLUMNS,
      SHARE_WIDTHS,
      shareholders.map((s) => [s.name, KIND_WORDS[s.kind], s.shares.toLocaleString('en-GB'), s.shareClass]),
    );

  const range = doc.bufferedPageRange();
  const produced = `${formatRegistryDate(order.producedAt.toISOString().slice(0, 10))} ${order.producedAt.toISOString().slice(11, 16)} UTC`;
  for (let p = range.start; p < range.start + range.count; p++) {
    doc.switchToPage(p);
    // Writing below the bottom margin would make pdfkit add a page; lift the margin while writing the footer.
    const saved = doc.page.margins.bottom;
    doc.page.margins.bottom = 0;
    doc.font('Helvetica').fontSize(8).fillColor('#666666');
    doc.text(
      `Uncertified copy. Order ${order.reference}, produced ${produced}. Page ${p + 1} of ${range.count}`,
      PAGE.margin,
      PAGE.height - PAGE.margin,
      {
        width: CONTENT_WIDTH,
        align: 'center',
      },
    );
    doc.page.margins.bottom = saved;
  }
  doc.end();
  return done;
}
