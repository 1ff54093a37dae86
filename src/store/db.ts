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
