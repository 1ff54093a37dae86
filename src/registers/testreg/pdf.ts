import PDFDocument from 'pdfkit';

export interface PdfSection {
  heading: string;
  /** Label and value pairs, one per line. */
  rows?: readonly (readonly [string, string])[];
  paragraphs?: readonly string[];
  /** A statement table: a line of column headings, then a label and one right-aligned value per column on each row. */
  table?: { note?: string; columns: readonly string[]; rows: readonly (readonly [string, ...string[]])[] };
}

export interface PdfSpec {
  title: string;
  companyName: string;
  companyId: string;
  register: string;
  /** The document's date (YYYY-MM-DD); also the PDF's creation date, so the same document renders the same bytes. */
  date: string;
  sections: readonly PdfSection[];
}

// The standard Helvetica font speaks WinAnsi only; other characters would come out as unrelated glyphs, so they
// are shown as "?" instead (the TEST register's own data is plain Latin).
const WIN_ANSI_EXTRA = new Set([...'€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ']);
const printable = (s: string) => [...s].map((c) => (c.charCodeAt(0) <= 0xff || WIN_ANSI_EXTRA.has(c) ? c : '?')).join('');

const VALUE_WIDTH = 90;
const VALUE_GAP = 10;

/**
 * A table as accounts print one: values right-aligned in fixed columns at the right margin, so that each column's
 * heading (a year) and its amounts end at the same x, which is how a reader of the text tells the columns apart.
 */
function drawTable(doc: PDFKit.PDFDocument, table: NonNullable<PdfSection['table']>) {
  const left = doc.page.margins.left;
  const right = doc.page.width - doc.page.margins.right;
  const columnX = table.columns.map(
    (_, i) => right - (table.columns.length - i) * VALUE_WIDTH - (table.columns.length - 1 - i) * VALUE_GAP,
  );
  const row = (label: string, values: readonly string[], font: string) => {
    if (doc.y + 14 > doc.page.height - doc.page.margins.bottom) doc.addPage();
    const y = doc.y;
    doc.font(font);
    if (label) doc.text(printable(label), left, y, { width: columnX[0]! - left - VALUE_GAP, lineBreak: false });
    values.forEach((v, i) => doc.text(printable(v), columnX[i]!, y, { width: VALUE_WIDTH, align: 'right', lineBreak: false }));
    doc.x = left;
    doc.y = y + 14;
  };
  if (table.note) doc.font('Helvetica-Oblique').fontSize(9).text(printable(table.note)).fontSize(10).moveDown(0.3);
  row('', table.columns, 'Helvetica-Bold');
  for (const [label, ...values] of table.rows) row(label, values, 'Helvetica');
}

/**
 * Renders a register document as a real PDF. Streams are left uncompressed: the files are small, and the text
 * stays searchable in the raw bytes (tests and the PDF text extraction rely on that).
 */
export function renderPdf(spec: PdfSpec): Promise<Buffer> {
  const created = new Date(`${spec.date}T00:00:00Z`);
  const doc = new PDFDocument({
    size: 'A4',
    margin: 56,
    compress: false,
    info: {
      Title: printable(`${spec.title} - ${spec.companyName}`),
      Author: printable(spec.register),
      Subject: printable(`${spec.companyName} (${spec.companyId})`),
      Creator: 'registrum TEST register',
      Producer: 'registrum',
      CreationDate: Number.isNaN(created.getTime()) ? new Date(0) : created,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  doc.font('Helvetica').fontSize(9).fillColor('#555555').text(printable(spec.register.toUpperCase()));
  doc.moveDown(0.5).font('Helvetica-Bold').fontSize(18).fillColor('#000000').text(printable(spec.title));
  doc.moveDown(0.3).font('Helvetica-Bold').fontSize(13).text(printable(spec.companyName));
  doc
    .font('Helvetica')
    .fontSize(10)
    .text(printable(`Registration number: ${spec.companyId}`));
  doc.text(printable(`Date: ${spec.date}`));
  for (const section of spec.sections) {
    doc.moveDown(1).font('Helvetica-Bold').fontSize(12).text(printable(section.heading));
    doc.moveDown(0.3).fontSize(10);
    for (const [label, value] of section.rows ?? []) {
      doc
        .font('Helvetica-Bold')
        .text(printable(`${label}: `), { continued: true })
        .font('Helvetica')
        .text(printable(value));
    }
    for (const p of section.paragraphs ?? []) doc.font('Helvetica').text(printable(p)).moveDown(0.4);
    if (section.table) drawTable(doc, section.table);
  }
  doc.moveDown(2).font('Helvetica-Oblique').fontSize(8).fillColor('#555555');
  doc.text('Issued by the TEST sandbox register. The company and its data are fictional and generated for testing.');
  doc.end();
  return done;
}
