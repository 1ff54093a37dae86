import { RegisterError } from '../../errors.ts';
import { ENTITY_LABELS, ORDER_REFERENCE_LABEL, PREVIOUS_NAMES_HEADING, PREVIOUS_NAME_PREFIX, SEARCH_COLUMNS } from '../labels.ts';
import { attribute, firstElementText, tables, textOf, textRuns, valueAfter, type Table } from './html.ts';

const SOURCE = 'JE registry website';

/** What an entity page shows (registers/je.md §1); dates as the page writes them (dd/mm/yyyy). */
export interface EntityPage {
  number: string;
  name: string;
  type: string;
  status: string;
  registeredOn?: string;
  previousNames: { name: string; from?: string; to?: string }[];
}

/** One row of the name search results. */
export interface SearchRow {
  number: string;
  name: string;
  type?: string;
  status?: string;
  registeredOn?: string;
  /** The former name the query matched, when the page says so. */
  previousName?: string;
}

const unreadable = (what: string) =>
  new RegisterError('processing_failed', `the registry's ${what} could not be read: its layout may have changed`, false, SOURCE);

function columnsOf(table: Table, names: Record<string, string>): Record<string, number> {
  const at: Record<string, number> = {};
  for (const [key, title] of Object.entries(names)) at[key] = table.header.findIndex((h) => h.toLowerCase() === title.toLowerCase());
  return at;
}

/** Reads an entity page: the name heading and the label/value pairs; the table under "Previous Names", if any. */
export function parseEntityPage(html: string): EntityPage {
  const runs = textRuns(html);
  const name = firstElementText(html, 'h1');
  const number = valueAfter(runs, ENTITY_LABELS.number);
  const type = valueAfter(runs, ENTITY_LABELS.type);
  const status = valueAfter(runs, ENTITY_LABELS.status);
  if (!name || !number || !type || !status) throw unreadable('entity page');
  const registeredOn = valueAfter(runs, ENTITY_LABELS.registeredOn);
  const heading = html.search(new RegExp(`>\\s*${PREVIOUS_NAMES_HEADING}\\s*<`, 'i'));
  const previousTable = heading >= 0 ? tables(html.slice(heading))[0] : undefined;
  const previousNames = previousTable
    ? previousTable.rows.map((cells) => {
        const [prev = '', from = '', to = ''] = cells.map(textOf);
        return { name: prev, ...(from ? { from } : {}), ...(to ? { to } : {}) };
      })
    : [];
  return { number, name, type, status, ...(registeredOn ? { registeredOn } : {}), previousNames: previousNames.filter((p) => p.name) };
}

/** Reads a search results page: the table whose header has the registry's columns, one row per entity. */
export function parseSearchPage(html: string): SearchRow[] {
  const table = tables(html).find((t) => t.header.some((h) => h.toLowerCase() === SEARCH_COLUMNS.number.toLowerCase()));
  if (!table) {
    if (/no (results|entities) found/i.test(textOf(html))) return [];
    throw unreadable('search results page');
  }
  const col = columnsOf(table, SEARCH_COLUMNS);
  if (col.name! < 0 || col.number! < 0) throw unreadable('search results table');
  const cell = (cells: string[], key: string) =>
    (col[key]! >= 0 && cells[col[key]!] !== undefined ? textOf(cells[col[key]!]!) : undefined) || undefined;
  return table.rows.flatMap((cells): SearchRow[] => {
    const nameCell = cells[col.name!] ?? '';
    const number = cell(cells, 'number');
    if (!number || !/^\d+$/.test(number)) return [];
    const runs = textRuns(nameCell);
    const prev = runs.find((r) => r.startsWith(PREVIOUS_NAME_PREFIX));
    const name = textOf(/<a\b[^>]*>([\s\S]*?)<\/a>/i.exec(nameCell)?.[1] ?? '') || runs[0];
    if (!name) return [];
    const type = cell(cells, 'type');
    const status = cell(cells, 'status');
    const registeredOn = cell(cells, 'registeredOn');
    return [
      {
        number,
        name,
        ...(type ? { type } : {}),
        ...(status ? { status } : {}),
        ...(registeredOn ? { registeredOn } : {}),
        ...(prev ? { previousName: prev.slice(PREVIOUS_NAME_PREFIX.length).trim() } : {}),
      },
    ];
  });
}

/** The reference on the page confirming a report order. */
export function parseOrderPage(html: string): string {
  const reference = valueAfter(textRuns(html), ORDER_REFERENCE_LABEL);
  if (!reference || !/^[A-Z0-9][A-Z0-9-]{3,}$/i.test(reference)) throw unreadable('order confirmation');
  return reference.toUpperCase();
}

/** The registry's bot check, when a page is one: the form's hidden fields and the question. */
export function parseCaptcha(html: string): { challengeId: string; returnTo: string; question: string } | undefined {
  if (!/id\s*=\s*"captcha-form"/i.test(html)) return undefined;
  const challengeId = attribute(html, /<input\b[^>]*name="challengeId"[^>]*>/, 'value') ?? '';
  const returnTo = attribute(html, /<input\b[^>]*name="returnTo"[^>]*>/, 'value') ?? '/';
  const question = firstElementText(html, 'label') ?? '';
  return { challengeId, returnTo, question };
}

/** Answers the emulator's arithmetic check ("What is 7 plus 4?"). The real site's captcha needs a person or a service. */
export function solveCaptcha(question: string): number | undefined {
  const m = /(\d+)\s*(plus|\+|minus|-)\s*(\d+)/i.exec(question);
  if (!m) return undefined;
  return /plus|\+/i.test(m[2]!) ? Number(m[1]) + Number(m[3]) : Number(m[1]) - Number(m[3]);
}
