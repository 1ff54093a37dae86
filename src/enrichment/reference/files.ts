import { existsSync, readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';

/** The official lists the service reads (data/reference/README.md says where each comes from). */
export const REFERENCE_FILES = ['elf-code-list.csv', 'nace-rev2.csv', 'isic-rev4.csv', 'nace2-isic4.csv'] as const;
export type ReferenceFile = (typeof REFERENCE_FILES)[number];

/**
 * Where the official reference lists live: the copy committed in `data/reference/`, found relative to this module
 * so it works from any working directory and in a clone with nothing beside it. `REFERENCE_DIR` overrides it (a
 * deployment that keeps newer lists elsewhere).
 */
export function referenceDir(): URL {
  const override = process.env.REFERENCE_DIR;
  if (override) {
    const abs = isAbsolute(override) ? override : resolve(process.cwd(), override);
    return pathToFileURL(abs.endsWith('/') ? abs : `${abs}/`);
  }
  return new URL('../../../data/reference/', import.meta.url);
}

/** Why a list cannot be read, in words that say where it was looked for and how to get it back. */
function missingList(file: string, url: URL): Error {
  const where = process.env.REFERENCE_DIR
    ? `REFERENCE_DIR=${process.env.REFERENCE_DIR}`
    : 'data/reference/ of the repository, the copy shipped with the service';
  return new Error(
    `reference list ${file} is missing: expected at ${fileURLToPath(url)} (${where}); ` +
      'restore it with `git checkout -- data/reference` or `npm run reference:refresh`',
  );
}

/**
 * Fails at start when a list is missing, so a broken install stops with a message instead of answering 500 to the
 * first request that needs the list (the lists themselves load lazily, on first use).
 */
export function assertReferenceLists(): void {
  for (const file of REFERENCE_FILES) {
    const url = new URL(file, referenceDir());
    if (!existsSync(url)) throw missingList(file, url);
  }
}

/**
 * Reads one reference CSV into records keyed by header. A real CSV parser is needed: several fields
 * (NACE explanatory notes, ELF reasons) hold line breaks inside quotes.
 */
export function readReferenceCsv(file: ReferenceFile): Record<string, string>[] {
  const url = new URL(file, referenceDir());
  let text: string;
  try {
    text = readFileSync(url, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw missingList(file, url);
    throw err;
  }
  return parse(text, { columns: true, skip_empty_lines: true, bom: true }) as Record<string, string>[];
}

/** A value computed on first use and kept for the life of the process (the lists never change at run time). */
export function lazy<T>(load: () => T): () => T {
  let value: T | undefined;
  let loaded = false;
  return () => {
    if (!loaded) {
      value = load();
      loaded = true;
    }
    return value as T;
  };
}
