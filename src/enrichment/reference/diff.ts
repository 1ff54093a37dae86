import { createHash } from 'node:crypto';
import { parse } from 'csv-parse/sync';
import type { ReferenceFile } from './files.ts';

/** What a refresh changes in one list: rows by code, and the bytes' new sha256. */
export interface ListChange {
  file: ReferenceFile;
  added: string[];
  removed: string[];
  changed: string[];
  /** Bytes differ (rows may still be equal: quoting or line ends). */
  bytesChanged: boolean;
  sha256Before: string | undefined;
  sha256: string;
  rows: number;
}

/**
 * The key of a row. An ELF code repeats across languages, and once (X0SD) within one language, so ELF rows are keyed
 * by code, language and their rank among such rows; the other lists by their (NACE) code.
 */
const KEY: Record<ReferenceFile, (r: Record<string, string>) => string> = {
  'elf-code-list.csv': (r) => `${r['ELF Code']}/${r['Language Code (ISO 639-1)']}`,
  'nace-rev2.csv': (r) => r.Code ?? '',
  'isic-rev4.csv': (r) => r.Code ?? '',
  'nace2-isic4.csv': (r) => r.NACE_Rev2_code ?? '',
};

function keyed(file: ReferenceFile, text: string): Map<string, string> {
  const rows = parse(text, { columns: true, bom: true, skip_empty_lines: true }) as Record<string, string>[];
  const out = new Map<string, string>();
  for (const r of rows) {
    const base = KEY[file](r);
    let key = base;
    for (let n = 2; out.has(key); n++) key = `${base}#${n}`;
    out.set(key, JSON.stringify(r));
  }
  return out;
}

export const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** Compares the list we have (undefined when there is none yet) with its refreshed text. */
export function diffList(file: ReferenceFile, before: string | undefined, after: string): ListChange {
  const old = before === undefined ? new Map<string, string>() : keyed(file, before);
  const now = keyed(file, after);
  return {
    file,
    added: [...now.keys()].filter((k) => !old.has(k)),
    removed: [...old.keys()].filter((k) => !now.has(k)),
    changed: [...now.keys()].filter((k) => old.has(k) && old.get(k) !== now.get(k)),
    bytesChanged: before !== after,
    sha256Before: before === undefined ? undefined : sha256(before),
    sha256: sha256(after),
    rows: now.size,
  };
}

const codes = (list: string[]) => (list.length > 12 ? `${list.slice(0, 12).join(', ')}, … (${list.length - 12} more)` : list.join(', '));

/** One line per list, for a person deciding whether to commit the refresh. */
export function describeChange(c: ListChange): string {
  if (!c.bytesChanged) return `${c.file}: no change (${c.rows} rows, sha256 ${c.sha256})`;
  const parts = [
    c.added.length > 0 ? `${c.added.length} added (${codes(c.added)})` : '',
    c.removed.length > 0 ? `${c.removed.length} removed (${codes(c.removed)})` : '',
    c.changed.length > 0 ? `${c.changed.length} changed (${codes(c.changed)})` : '',
  ].filter((p) => p !== '');
  const rows = parts.length > 0 ? parts.join(', ') : 'same rows, different bytes (quoting or line ends)';
  return `${c.file}: ${rows}; ${c.rows} rows, sha256 ${c.sha256Before ?? 'none'} -> ${c.sha256}`;
}
