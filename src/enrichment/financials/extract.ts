import { CUES, LABELS, normaliseLabel, type LabelMeaning } from './labels.ts';
import { readPdfLines, type PdfLine, type Run } from '../../documents/pdf-lines.ts';
import { currencyAfter, dateAfter, parseAmount, type PrintedAmount } from './reading.ts';
import type { ExtractedAccounts, StatementFigures } from './types.ts';

/** A year column of a statement, known by its header cell's right edge (amounts are right-aligned under it). */
interface Column {
  year: number;
  end: number;
}

/** One amount of a labelled line: the year its column heads, or (no header) its position left to right. */
interface Cell extends PrintedAmount {
  year?: number;
  position: number;
}

interface Row {
  meaning: LabelMeaning;
  cells: Cell[];
}

const YEAR = /^(?:FY\s?)?((?:19|20)\d{2})$/;
const HEADER_FILLER = /^(?:notes?|[A-Z]{3}|[£€$¥]|'000|’000)$/i;

/** A line of year headings ("2023  2022"), possibly with a notes column or a currency. */
function headerOf(line: PdfLine): Column[] | undefined {
  if (!line.runs.every((r) => YEAR.test(r.text) || HEADER_FILLER.test(r.text))) return undefined;
  const columns = line.runs.filter((r) => YEAR.test(r.text)).map((r) => ({ year: Number(YEAR.exec(r.text)![1]), end: r.end }));
  return columns.length > 0 ? columns : undefined;
}

/** The column nearest to an amount's right edge. */
const nearest = (columns: Column[], run: Run) => columns.reduce((a, b) => (Math.abs(b.end - run.end) < Math.abs(a.end - run.end) ? b : a));

/**
 * How far an amount may end from its heading's right edge: half the spacing of the columns (at least 30 points), so
 * that a heading centred over right-aligned amounts still claims them but a notes column ("4") does not.
 */
function reach(columns: Column[]): number {
  const ends = columns.map((c) => c.end).sort((a, b) => a - b);
  const spacing = Math.min(...ends.slice(1).map((e, i) => e - ends[i]!));
  return Math.max(30, Number.isFinite(spacing) ? spacing / 2 : 0);
}

/** A line of a known label followed by amounts only; other lines are not statement lines. */
function rowOf(line: PdfLine, columns: Column[] | undefined): Row | undefined {
  const runs = line.runs;
  let first = runs.length;
  while (first > 1 && parseAmount(runs[first - 1]!.text)) first--;
  if (first === runs.length || first === 0) return undefined;
  const meaning = LABELS.get(
    normaliseLabel(
      runs
        .slice(0, first)
        .map((r) => r.text)
        .join(' '),
    ),
  );
  if (!meaning) return undefined;
  let amounts = runs.slice(first);
  // Under year headings, an amount far from every heading is not a figure (a note reference): it is left out.
  if (columns) amounts = amounts.filter((run) => Math.abs(nearest(columns, run).end - run.end) <= reach(columns));
  const cells: Cell[] = amounts.map((run, position) => ({ ...parseAmount(run.text)!, position }));
  if (columns) {
    const years = amounts.map((run) => nearest(columns, run).year);
    // Two amounts under one heading: the layout is not what the header says; fall back to reading order.
    if (new Set(years).size === years.length) cells.forEach((c, i) => (c.year = years[i]));
  }
  return cells.length ? { meaning, cells } : undefined;
}

/** The amount as the public model keeps it: costs and liabilities positive, losses negative, times the stated scale. */
function signed(meaning: LabelMeaning, cell: Cell, scale: number): number {
  let v = cell.value;
  if (meaning.unsigned) v = Math.abs(v);
  else if (meaning.loss) v = -Math.abs(v);
  return Math.round(v * scale * 100) / 100;
}

/** The first day of the twelve months that end on `end` (YYYY-MM-DD). */
function yearStartingBefore(end: string): string {
  const d = new Date(`${end}T00:00:00Z`);
  d.setUTCFullYear(d.getUTCFullYear() - 1);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * Reads a set of accounts from the text of its pages: the period's end (after a cue such as "year ended"), the
 * approval date, the currency (a cue such as "Amounts in EUR", else an amount's symbol or code), and every line whose
 * label the label table knows, with one amount per year column. Columns are told apart by the year headings above
 * them; without headings the first amount is the year's and the second the prior year's. Undefined when the layout is
 * not one of accounts: no year found, or no known line with an amount for it.
 */
export function accountsFromLines(lines: readonly PdfLine[]): ExtractedAccounts | undefined {
  const text = lines.map((l) => l.runs.map((r) => r.text).join(' ')).join('\n');
  const periodEnd = dateAfter(text, CUES.period) ?? dateAfter(text, CUES.balanceSheetDate);
  const rows: Row[] = [];
  const headerYears: number[] = [];
  let columns: Column[] | undefined;
  for (const line of lines) {
    const header = headerOf(line);
    if (header) {
      columns = header;
      headerYears.push(...header.map((c) => c.year));
      continue;
    }
    const row = rowOf(line, columns);
    if (row) rows.push(row);
  }
  const year = periodEnd ? Number(periodEnd.slice(0, 4)) : headerYears.length ? Math.max(...headerYears) : undefined;
  if (year === undefined) return undefined;

  const cue = currencyAfter(text, CUES.currency);
  const scale = cue?.scale ?? 1;
  const current: StatementFigures = { incomeStatement: {}, balanceSheet: {} };
  const prior: StatementFigures = { incomeStatement: {}, balanceSheet: {} };
  let printedCurrency: string | undefined;
  for (const { meaning, cells } of rows) {
    for (const cell of cells) {
      const slot =
        cell.year !== undefined
          ? cell.year === year
            ? current
            : cell.year === year - 1
              ? prior
              : undefined
          : [current, prior][cell.position];
      if (!slot) continue;
      const lines = slot[meaning.statement];
      if (meaning.key in lines) continue; // the first line of a key wins: primary statements come before notes
      lines[meaning.key] = signed(meaning, cell, scale);
      printedCurrency ??= cell.currency;
    }
  }
  if (Object.keys(current.incomeStatement).length + Object.keys(current.balanceSheet).length === 0) return undefined;

  const approvalDate = dateAfter(text, CUES.approval);
  const currency = cue?.currency ?? printedCurrency;
  const hasPrior = Object.keys(prior.incomeStatement).length + Object.keys(prior.balanceSheet).length > 0;
  return {
    fiscalYear: periodEnd ? { year, startDate: yearStartingBefore(periodEnd), endDate: periodEnd } : { year },
    ...(approvalDate ? { approvalDate } : {}),
    ...(currency ? { currency } : {}),
    current,
    ...(hasPrior ? { prior: { year: year - 1, ...prior } } : {}),
  };
}

/** Reads a set of accounts from a PDF's bytes; undefined when the file is not readable or not laid out as accounts. */
export async function extractAccounts(pdf: Uint8Array): Promise<ExtractedAccounts | undefined> {
  let lines: PdfLine[];
  try {
    lines = await readPdfLines(pdf);
  } catch {
    return undefined; // not a PDF pdf.js can read: the document is still delivered, without figures
  }
  return accountsFromLines(lines);
}
