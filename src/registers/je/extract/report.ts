import { RegisterError } from '../../errors.ts';
import { DIRECTOR_HEADING, NOT_DISCLOSED, REPORT_LABELS, REPORT_SECTIONS, REPORT_TITLE, SHAREHOLDER_COLUMNS } from '../labels.ts';
import { readPdfLines, type PdfLine } from '../../../documents/pdf-lines.ts';

type Fields = Record<string, string>;

/** What the connector read from an entity profile report: each section's fields by the report's labels. */
export interface ExtractedReport {
  entity: Fields;
  office: Fields;
  capital: Fields;
  directors: Fields[];
  secretary?: Fields;
  /** Rows of the shareholders table by its column titles; empty when not disclosed. */
  shareholders: Fields[];
  shareholdersDisclosed: boolean;
}

type Section = keyof typeof REPORT_SECTIONS;
const SECTION_BY_TITLE = new Map<string, Section>(Object.entries(REPORT_SECTIONS).map(([k, v]) => [v, k as Section]));
const LABELS = new Set<string>(Object.values(REPORT_LABELS));
const DIRECTOR_RE = new RegExp(`^${DIRECTOR_HEADING} \\d+$`);
const FOOTER_RE = /\bPage \d+ of \d+$/;
const TOLERANCE = 3;

const lineText = (l: PdfLine) =>
  l.runs
    .map((r) => r.text)
    .join(' ')
    .trim();
const join = (a: string | undefined, b: string) => (a ? `${a} ${b}` : b);

/**
 * Reads an entity profile report PDF (registers/je.md §2) from its text and the position of each run: a section title
 * starts a section; in label/value sections a known label in the label column starts a field, and lines with text only
 * in the value column continue it; "Director n" starts a director; the shareholders table's header fixes its columns
 * and a row starts where the "Shares Held" column has text. Not a report: `processing_failed`.
 */
export async function extractReport(pdf: Uint8Array): Promise<ExtractedReport> {
  let lines: PdfLine[];
  try {
    lines = await readPdfLines(pdf);
  } catch (err) {
    throw new RegisterError('processing_failed', `the entity profile report is not a readable PDF: ${(err as Error).message}`, false);
  }
  if (!lines.some((l) => lineText(l) === REPORT_TITLE))
    throw new RegisterError('processing_failed', `the document is not an ${REPORT_TITLE}`, false);

  const out: ExtractedReport = { entity: {}, office: {}, capital: {}, directors: [], shareholders: [], shareholdersDisclosed: false };
  let section: Section | undefined;
  let fields: Fields | undefined;
  let field: string | undefined;
  let labelX: number | undefined;
  let columns: number[] | undefined;

  for (const line of lines) {
    const text = lineText(line);
    if (FOOTER_RE.test(text)) continue;
    const title = SECTION_BY_TITLE.get(text);
    if (title) {
      section = title;
      field = undefined;
      fields =
        section === 'directors' || section === 'shareholders' ? undefined : section === 'secretary' ? (out.secretary = {}) : out[section];
      continue;
    }
    if (!section) continue;
    if (section === 'shareholders') {
      if (text === NOT_DISCLOSED) continue;
      const titles = line.runs.map((r) => r.text);
      if (titles.length === SHAREHOLDER_COLUMNS.length && titles.every((t, i) => t === SHAREHOLDER_COLUMNS[i])) {
        columns = line.runs.map((r) => r.x);
        out.shareholdersDisclosed = true;
        continue;
      }
      if (columns) readShareholderLine(line, columns, out.shareholders);
      continue;
    }
    if (section === 'directors' && DIRECTOR_RE.test(text)) {
      out.directors.push((fields = {}));
      field = undefined;
      continue;
    }
    if (!fields) continue;
    const first = line.runs[0]!;
    const isLabel = LABELS.has(first.text) && (labelX === undefined || Math.abs(first.x - labelX) <= TOLERANCE);
    if (isLabel) {
      labelX ??= first.x;
      field = first.text;
      const value = line.runs
        .slice(1)
        .map((r) => r.text)
        .join(' ');
      fields[field] = value;
    } else if (field && labelX !== undefined && first.x > labelX + TOLERANCE) {
      fields[field] = join(fields[field], text);
    }
  }
  if (out.secretary && Object.keys(out.secretary).length === 0) delete out.secretary;
  return out;
}

/** One line of the shareholders table: a new row when "Shares Held" has text, else the wrapped rest of the last row. */
function readShareholderLine(line: PdfLine, columns: number[], rows: Fields[]): void {
  const cells: string[] = Array(columns.length).fill('');
  for (const run of line.runs) {
    let col = 0;
    for (let i = 0; i < columns.length; i++) if (run.x + TOLERANCE >= columns[i]!) col = i;
    cells[col] = join(cells[col] || undefined, run.text);
  }
  const sharesCol = SHAREHOLDER_COLUMNS.indexOf('Shares Held');
  if (cells[sharesCol]) rows.push({});
  const row = rows[rows.length - 1];
  if (!row) return;
  SHAREHOLDER_COLUMNS.forEach((name, i) => {
    if (cells[i]) row[name] = join(row[name], cells[i]!);
  });
}
