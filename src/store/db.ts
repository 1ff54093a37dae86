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
  copyIn?(table: string, columns: readonly string[], rows: CopyRows): Promise<void>;
  /**
   * Inside a transaction: runs the transaction's last statement and commits the transaction with it, COMMIT sent in the
   * same round trip; a statement after it fails. When the statement fails, nothing is committed. Where absent (outside
   * a transaction every statement commits itself), `query` does the same.
   */
  commitWith?<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /**
   * Inside a transaction: runs `sql` just before the transaction's next statement, sent with it in one round trip, for
   * a statement whose rows nobody reads (a lock). It is a statement of its own: it has finished, waited for its locks,
   * before the next one starts and takes its snapshot. Its failure is the next statement's (which does not run); with
   * no next statement, it runs before the commit. Where absent, `query` it and wait.
   */
  withNext?(sql: string, params?: readonly unknown[]): void;
  /**
   * Inside a transaction: `withNext` for a statement whose rows are read (one of several writes sent together): resolves
   * with them once the next statement's round trip has answered, rejects with the failure that stopped the message
   * (its own, which the next statement shares, or one before it). Await it only after the next statement is sent: it
   * waits for that statement. Where absent, `query` it.
   */
  queryWithNext?<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
  /**
   * Inside a transaction: runs `sql` once the transaction has committed, on its own (it sees what the commit wrote),
   * sent in the commit's round trip when commitWith commits it: a read of what the transaction settled. Resolves with
   * its rows, or undefined when the transaction did not commit; rejects when it fails, the commit standing. Where
   * absent, run it after the transaction.
   */
  afterCommit?<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[] | undefined>;
}

/** A row for COPY: text values, null for NULL. */
export type CopyRow = readonly (string | null)[];

/**
 * The rows of a COPY: all at hand, or arriving in batches (a file being read while the database loads what came
 * before, each side on its own core).
 */
export type CopyRows = Iterable<CopyRow> | AsyncIterable<readonly CopyRow[]>;

/**
 * The rows as COPY text, in chunks of about `chunkRows` rows: one text of millions of rows would not fit a string.
 * Batches are turned into text as they arrive, so that their row objects die young (cheap to collect).
 */
export async function* copyChunks(rows: CopyRows, chunkRows: number): AsyncGenerator<string> {
  let parts: string[] = [];
  let count = 0;
  const add = (batch: readonly CopyRow[]) => {
    if (batch.length === 0) return false;
    parts.push(copyText(batch));
    count += batch.length;
    return count >= chunkRows;
  };
  const take = () => {
    const text = parts.join('');
    parts = [];
    count = 0;
    return text;
  };
  if (Symbol.asyncIterator in rows) {
    for await (const batch of rows) if (add(batch)) yield take();
  } else {
    let batch: CopyRow[] = [];
    for (const row of rows) {
      batch.push(row);
      if (batch.length === 1000) {
        if (add(batch)) yield take();
        batch = [];
      }
    }
    add(batch);
  }
  if (count) yield take();
}

/** Rows in COPY's text format: tab-separated, one per line, with backslash, tab, newline and CR escaped. */
export function copyText(rows: Iterable<CopyRow>): string {
  const lines: string[] = [];
  for (const row of rows) lines.push(copyLine(row));
  return lines.length ? `${lines.join('\n')}\n` : '';
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;
const LINE_NEEDS_ESCAPE = /[\\\n\r]/;

/**
 * One row: its values joined and tested once, not value by value (bulk loads write millions of rows). A value
 * holding a tab shows as one separator too many.
 */
function copyLine(row: CopyRow): string {
  if (!row.includes(null)) {
    const line = row.join('\t');
    if (!LINE_NEEDS_ESCAPE.test(line) && tabsIn(line) === row.length - 1) return line;
  }
  return row.map(copyValue).join('\t');
}

function tabsIn(line: string): number {
  let n = 0;
  for (let i = line.indexOf('\t'); i >= 0; i = line.indexOf('\t', i + 1)) n++;
  return n;
}

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
  /**
   * After a statement failed with its connection (errors.ts `isStoreConnectionFailure`): resolves once the server is
   * done with what that connection sent it (its backend has ended), or after a few seconds, so that a read then sees
   * what the statement committed. A store without connections to lose does not have it.
   */
  lostConnectionSettled?(err: unknown): Promise<void>;
  close(): Promise<void>;
}

/**
 * Whether row and advisory locks are no-ops on this store, so that a repository can skip a statement that only
 * locks. The embedded store has one connection: PGlite runs one transaction at a time (others wait for it whole), so
 * nothing can interleave with a transaction that a lock would hold off. On PostgreSQL they are real.
 */
export function locksAreNoOps(db: Pick<Db, 'backend'>): boolean {
  return db.backend === 'pglite';
}

/** A parameter for a jsonb column. */
export function json(value: unknown): string {
  return JSON.stringify(value);
}
