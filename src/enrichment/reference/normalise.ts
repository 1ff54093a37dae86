import { parse } from 'csv-parse/sync';

/**
 * The documented normalisations and derivations of the reference lists (data/reference/README.md), from the
 * publishers' files to the copies the service reads. Each is idempotent: an already normalised file comes out byte
 * for byte the same, so a refresh from our own copies reports no change.
 */

/** Rows of a CSV text, header first. The record separator (LF, CRLF or Eurostat's bare CR) is detected. */
export function csvRows(text: string): string[][] {
  return parse(text, { bom: true, skip_empty_lines: true, relax_column_count: false }) as string[][];
}

/** Minimal quoting: only values holding a comma, a quote or a line break are quoted; records end with LF. */
export function toCsv(rows: readonly (readonly string[])[]): string {
  const cell = (v: string) => (/[",\r\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return rows.map((r) => r.map(cell).join(',')).join('\n') + '\n';
}

function requireHeader(file: string, header: readonly string[] | undefined, expected: readonly string[]): void {
  const missing = expected.filter((c) => !header?.includes(c));
  if (missing.length > 0) throw new Error(`${file}: columns ${missing.join(', ')} missing (header: ${header?.join(', ')})`);
}

const ELF_COLUMNS = [
  'ELF Code',
  'Country Code (ISO 3166-1)',
  'Entity Legal Form name Local name',
  'Language Code (ISO 639-1)',
  'ELF Status ACTV/INAC',
];

/** GLEIF's ELF list is kept byte for byte; only checked to be the list (its columns, at least one row). */
export function normaliseElf(text: string): string {
  const rows = csvRows(text);
  requireHeader('elf-code-list.csv', rows[0], ELF_COLUMNS);
  if (rows.length < 2) throw new Error('elf-code-list.csv: no rows');
  return text;
}

const NACE_COLUMNS = ['Order', 'Level', 'Code', 'Parent', 'Description', 'Reference to ISIC Rev. 4'];

/** Eurostat's NACE export: records end with LF instead of a bare CR; every value is kept as it is. */
export function normaliseNace(text: string): string {
  const rows = csvRows(text);
  requireHeader('nace-rev2.csv', rows[0], NACE_COLUMNS);
  return toCsv(rows);
}

function isicLevel(code: string): 1 | 2 | 3 | 4 {
  if (/^[A-Z]$/.test(code)) return 1;
  if (/^\d{2}$/.test(code)) return 2;
  if (/^\d{3}$/.test(code)) return 3;
  if (/^\d{4}$/.test(code)) return 4;
  throw new Error(`isic-rev4.csv: unexpected code "${code}"`);
}

/**
 * UNSD's ISIC structure (`"Code","Description"`, CRLF) to LF with two derived columns: `Level` from the form of the
 * code, and `Parent`: a division's section is the one before it in UNSD's order, a group's or class's parent is
 * its code without the last digit. Derived columns already present are recomputed, not trusted.
 */
export function normaliseIsic(text: string): string {
  const [header, ...rows] = csvRows(text);
  requireHeader('isic-rev4.csv', header, ['Code', 'Description']);
  const code = header!.indexOf('Code');
  const description = header!.indexOf('Description');
  let section = '';
  const out = rows.map((r) => {
    const c = r[code]!;
    const level = isicLevel(c);
    if (level === 1) section = c;
    if (level === 2 && !section) throw new Error(`isic-rev4.csv: division ${c} before any section`);
    const parent = level === 1 ? '' : level === 2 ? section : c.slice(0, -1);
    return [c, r[description]!, String(level), parent];
  });
  return toCsv([['Code', 'Description', 'Level', 'Parent'], ...out]);
}

/**
 * The NACE Rev. 2 → ISIC Rev. 4 link, one row per NACE item: Eurostat's `Reference to ISIC Rev. 4` joined to the
 * UNSD titles, with how many NACE items of the same level point to that ISIC item. Takes normalised lists.
 */
export function deriveLink(naceText: string, isicText: string): string {
  const records = (text: string) => parse(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
  const isic = new Map(records(isicText).map((r) => [r.Code!, r]));
  const nace = records(naceText);
  const shared = new Map<string, number>();
  for (const n of nace) {
    const key = `${n.Level}\u0000${n['Reference to ISIC Rev. 4']}`;
    shared.set(key, (shared.get(key) ?? 0) + 1);
  }
  const rows = nace.map((n) => {
    const to = n['Reference to ISIC Rev. 4'] ?? '';
    const target = isic.get(to);
    if (!target) throw new Error(`nace2-isic4.csv: NACE ${n.Code} refers to ISIC "${to}", which isic-rev4.csv does not have`);
    if (target.Level !== n.Level)
      throw new Error(`nace2-isic4.csv: NACE ${n.Code} (level ${n.Level}) refers to ISIC ${to} (level ${target.Level})`);
    return [n.Code!, n.Level!, n.Description!, to, target.Description!, String(shared.get(`${n.Level}\u0000${to}`))];
  });
  const header = [
    'NACE_Rev2_code',
    'NACE_Rev2_level',
    'NACE_Rev2_description',
    'ISIC_Rev4_code',
    'ISIC_Rev4_description',
    'NACE_items_sharing_this_ISIC_item',
  ];
  return toCsv([header, ...rows]);
}
