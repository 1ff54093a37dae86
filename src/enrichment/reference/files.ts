import { readFileSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse } from 'csv-parse/sync';

/**
 * Where the official reference lists live. The repository is cloned with `shared/` beside it (CI does the same),
 * so the default is a path relative to this file; `REFERENCE_DIR` overrides it for other layouts.
 */
export function referenceDir(): URL {
  const override = process.env.REFERENCE_DIR;
  if (override) {
    const abs = isAbsolute(override) ? override : resolve(process.cwd(), override);
    return pathToFileURL(abs.endsWith('/') ? abs : `${abs}/`);
  }
  return new URL('../../../../shared/reference/', import.meta.url);
}

/**
 * Reads one reference CSV into records keyed by header. A real CSV parser is needed: several fields
 * (NACE explanatory notes, ELF reasons) hold line breaks inside quotes.
 */
export function readReferenceCsv(file: string): Record<string, string>[] {
  const url = new URL(file, referenceDir());
  let text: string;
  try {
    text = readFileSync(url, 'utf8');
  } catch (err) {
    throw new Error(`reference list ${file} not found at ${url.pathname} (set REFERENCE_DIR): ${(err as Error).message}`);
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
