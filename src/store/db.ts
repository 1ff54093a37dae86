/**
 * The database port. Everything above the store speaks SQL through this interface only, so the same
 * repositories and migrations run on the embedded store (PGlite) and on PostgreSQL.
 *
 * Conventions every adapter guarantees, so that repositories never branch on the backend:
 * - `int8` columns come back as JS numbers (credit cents stay far below 2^53);
 * - `timestamptz` columns come back as `Date`;
 * - `json`/`jsonb` columns come back parsed; pass JSON parameters already stringified and cast them (`$1::jsonb`).
 */
export interface Queryable {
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /**
   * Bulk-loads rows into a table with COPY (text format), far faster than INSERT for millions of rows: PostgreSQL
   * streams them, PGlite reads them as one blob. Values are text; null is `\N`.
   */
  copyIn?(table: string, columns: readonly string[], rows: Iterable<readonly (string | null)[]>): Promise<void>;
}

/** Rows in COPY's text format: tab-separated, one per line, with backslash, tab, newline and CR escaped. */
export function copyText(rows: Iterable<readonly (string | null)[]>): string {
  const lines: string[] = [];
  for (const row of rows) lines.push(row.map(copyValue).join('\t'));
  return lines.length ? `${lines.join('\n')}\n` : '';
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;

function copyValue(v: string | null): string {
  if (v === null) return '\\N';
  return NEEDS_ESCAPE.test(v) ? v.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : v;
}

/** The COPY statement of a table and its columns (identifiers from code, never from input). */
export function copyStatement(table: string, columns: readonly string[], source: 'stdin' | 'blob'): string {
  return `copy ${table} (${columns.join(', ')}) from ${source === 'stdin' ? 'stdin' : "'/dev/blob'"}`;
}

export interface Db extends Queryable {
  readonly backend: 'pglite' | 'postgres';
  /** Runs several statements in one round trip, without parameters; returns the rows of all of them. */
  exec(sql: string): Promise<Record<string, unknown>[]>;
  /** Runs `fn` in one transaction; it commits when `fn` resolves and rolls back when it throws. */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
}

/** A parameter for a jsonb column. */
export function json(value: unknown): string {
  return JSON.stringify(value);
}
