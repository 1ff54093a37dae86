import { RegisterError } from '../../errors.ts';
import { ADDRESS_LABELS, LICENCE_ROWS, NO_DATA, REPORT_TITLE, REPRESENTATIVE_LABELS, SECTIONS, TABLE_COLUMNS } from '../labels.ts';
import { joinWrapped, pdfLines, type TextLine } from './pdf-text.ts';

type TableKey = keyof typeof TABLE_COLUMNS;

/** What the extractor read from a credit report: the licence fields and the rows of each table, by the report's labels. */
export interface ExtractedReport {
  /** 营业执照信息, label to value; only labels the report printed with a value. */
  licence: Record<string, string>;
  persons: Record<string, string>[];
  shareholders: Record<string, string>[];
  branches: Record<string, string>[];
  changes: Record<string, string>[];
}

const LICENCE_LABELS = new Set<string>([
  ...LICENCE_ROWS.filter((r) => r !== 'REPRESENTATIVE' && r !== 'ADDRESS'),
  ...REPRESENTATIVE_LABELS,
  ...ADDRESS_LABELS,
]);
const SECTION_BY_TITLE = new Map<string, 'licence' | TableKey>(Object.entries(SECTIONS).map(([k, v]) => [v, k as 'licence' | TableKey]));
const HEADING_RE = /^[一二三四五六七八九十]+、(.+)$/;
const FOOTER_RE = /^第\s*\d+\s*页，共\s*\d+\s*页$/;
/** Cells within this many points of a column's left edge belong to it. */
const TOLERANCE = 3;

const lineText = (l: TextLine) => l.cells.map((c) => c.text).join('');

/**
 * Reads a credit report PDF's text into its fields (registers/cn.md layout). Everything comes from the text and
 * the position of each run: a label in the label column starts a field and the lines after it continue its value;
 * a table's header row fixes its columns, a number under 序号 starts a row. Not a report: `processing_failed`.
 */
export async function extractReport(pdf: Uint8Array): Promise<ExtractedReport> {
  let lines: TextLine[];
  try {
    lines = await pdfLines(pdf);
  } catch (err) {
    throw new RegisterError('processing_failed', `the credit report is not a readable PDF: ${(err as Error).message}`, false);
  }
  if (!lines.some((l) => lineText(l).includes(REPORT_TITLE))) {
    throw new RegisterError('processing_failed', `the document is not a ${REPORT_TITLE}`, false);
  }
  const report: ExtractedReport = { licence: {}, persons: [], shareholders: [], branches: [], changes: [] };
  let section: 'licence' | TableKey | undefined;
  let table: TableReader | undefined;
  let field: string | undefined;
  let labelX: number | undefined;

  for (const line of lines) {
    const text = lineText(line).trim();
    if (FOOTER_RE.test(text)) continue;
    const heading = HEADING_RE.exec(text);
    if (heading && SECTION_BY_TITLE.has(heading[1]!)) {
      section = SECTION_BY_TITLE.get(heading[1]!);
      table = section && section !== 'licence' ? new TableReader(TABLE_COLUMNS[section]) : undefined;
      field = undefined;
      continue;
    }
    if (section === 'licence') {
      const first = line.cells[0]!;
      labelX ??= LICENCE_LABELS.has(first.text.trim()) ? first.x : undefined;
      const isLabel = labelX !== undefined && Math.abs(first.x - labelX) <= TOLERANCE && LICENCE_LABELS.has(first.text.trim());
      const valueCells = isLabel ? line.cells.slice(1) : line.cells;
      if (isLabel) field = first.text.trim();
      if (!field) continue;
      const value = valueCells
        .map((c) => c.text)
        .join('')
        .trim();
      report.licence[field] = joinWrapped(report.licence[field] ?? '', value);
    } else if (section && table) {
      table.add(line);
      report[section] = table.rows;
    }
  }
  for (const [k, v] of Object.entries(report.licence)) if (!v) delete report.licence[k];
  return report;
}

/** Reads one table, line by line: header, then rows that start at a number under 序号. */
class TableReader {
  rows: Record<string, string>[] = [];
  private columnX: number[] | undefined;
  private current: Record<string, string> | undefined;

  constructor(private readonly columns: readonly string[]) {}

  add(line: TextLine): void {
    const texts = line.cells.map((c) => c.text.trim());
    // The header row, first and again on each page the table continues on.
    if (texts.length === this.columns.length && texts.every((t, i) => t === this.columns[i])) {
      this.columnX ??= line.cells.map((c) => c.x);
      return;
    }
    if (!this.columnX || (texts.length === 1 && texts[0] === NO_DATA)) return;
    const cells: string[] = Array(this.columns.length).fill('');
    for (const cell of line.cells) {
      let col = 0;
      for (let i = 0; i < this.columnX.length; i++) if (cell.x + TOLERANCE >= this.columnX[i]!) col = i;
      cells[col] = joinWrapped(cells[col]!, cell.text.trim());
    }
    if (/^\d+$/.test(cells[0]!)) {
      this.current = {};
      this.rows.push(this.current);
    }
    if (!this.current) return;
    this.columns.forEach((name, i) => {
      if (i === 0 || !cells[i]) return;
      this.current![name] = joinWrapped(this.current![name] ?? '', cells[i]!);
    });
  }
}
