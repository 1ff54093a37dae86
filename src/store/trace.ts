import type { Db, Queryable } from './db.ts';

/**
 * Counts what the request path asks of the store, for benchmarks and for tests that prove a request's work does not
 * grow with history: statements, round trips (each statement and each COMMIT is one, to the PGlite worker thread or
 * the PostgreSQL server; BEGIN goes with a transaction's first statement, COMMIT with its last when commitWith ran
 * it, a statement sent withNext with the one after it, and one sent afterCommit with the commit), and wall-clock
 * time in statements, in open transactions and in statements that take a lock (`for update`, advisory locks). Times
 * run from call to answer, so they include waiting for the store.
 */
export interface StoreCounts {
  statements: number;
  /** Rows the statements returned: what a read that grows with history shows first. */
  rows: number;
  roundTrips: number;
  transactions: number;
  statementMs: number;
  transactionMs: number;
  lockMs: number;
}

const LOCKING = /for (no key )?update|advisory_xact_lock/i;

export function zeroCounts(): StoreCounts {
  return { statements: 0, rows: 0, roundTrips: 0, transactions: 0, statementMs: 0, transactionMs: 0, lockMs: 0 };
}

/** The counts of the process's traced store (REGISTRUM_STORE_TRACE=1), read by a benchmark's probe. */
export const processCounts: StoreCounts = zeroCounts();

/**
 * Each statement of the traced store with the rows it returned, while `enabled`: a test tells the request's
 * statements from those that timers of the process (leases, the clock, the job engine) run beside it.
 */
export const statementLog: { enabled: boolean; entries: StatementLogEntry[] } = { enabled: false, entries: [] };

/** A statement in `statementLog`; `transaction` numbers the transaction it ran in (none outside one). */
export interface StatementLogEntry {
  sql: string;
  rows: number;
  transaction?: number;
}

/** Numbers the traced transactions, for `StatementLogEntry.transaction`. */
let transactionSerial = 0;

/** Wraps `db` so that every statement it runs is added to `counts`; the store itself is unchanged. */
export function traced(db: Db, counts: StoreCounts = processCounts): Db {
  async function timed<T>(sql: string, run: () => Promise<T>, transaction?: number): Promise<T> {
    const t = performance.now();
    let rows = 0;
    try {
      const result = await run();
      if (Array.isArray(result)) rows = result.length;
      return result;
    } finally {
      const ms = performance.now() - t;
      counts.rows += rows;
      logStatement(sql, rows, transaction);
      counts.statements++;
      counts.roundTrips++;
      counts.statementMs += ms;
      if (LOCKING.test(sql)) counts.lockMs += ms;
    }
  }
  /** A statement sent in another's round trip (withNext, afterCommit): counted, not timed; its rows are not seen. */
  function sentWithAnother(sql: string, transaction?: number) {
    counts.statements++;
    logStatement(sql, 0, transaction);
  }
  function logStatement(sql: string, rows: number, transaction: number | undefined) {
    if (statementLog.enabled && counts === processCounts) statementLog.entries.push({ sql, rows, ...(transaction ? { transaction } : {}) });
  }
  const wrap = (q: Queryable, transaction?: number): Queryable => ({
    query: (sql, params) => timed(sql, () => q.query(sql, params), transaction),
    ...(q.copyIn ? { copyIn: q.copyIn.bind(q) } : {}),
  });
  return {
    backend: db.backend,
    ...wrap(db),
    exec: (sql) => timed(sql, () => db.exec(sql)),
    async transaction(fn) {
      const t = performance.now();
      let ran = false;
      let committedWith = false;
      const serial = ++transactionSerial;
      try {
        return await db.transaction((tx) => {
          const inner = wrap(tx, serial);
          return fn({
            ...inner,
            query: (sql, params) => ((ran = true), inner.query(sql, params)),
            ...(tx.withNext
              ? {
                  // A statement of its own, in the next one's round trip.
                  withNext(sql: string, params?: readonly unknown[]) {
                    ran = true;
                    sentWithAnother(sql, serial);
                    tx.withNext!(sql, params);
                  },
                }
              : {}),
            ...(tx.queryWithNext
              ? {
                  // A statement of its own, in the next one's round trip, whose rows are read.
                  queryWithNext<Row>(sql: string, params?: readonly unknown[]) {
                    ran = true;
                    sentWithAnother(sql, serial);
                    return tx.queryWithNext!<Row>(sql, params);
                  },
                }
              : {}),
            ...(tx.afterCommit
              ? {
                  // A statement of its own, in the commit's round trip.
                  afterCommit<Row>(sql: string, params?: readonly unknown[]) {
                    sentWithAnother(sql);
                    return tx.afterCommit!<Row>(sql, params);
                  },
                }
              : {}),
            ...(tx.commitWith
              ? {
                  async commitWith<Row>(sql: string, params?: readonly unknown[]) {
                    ran = true;
                    const rows = await timed(sql, () => tx.commitWith!<Row>(sql, params), serial);
                    committedWith = true;
                    return rows;
                  },
                }
              : {}),
          });
        });
      } finally {
        counts.transactions++;
        // COMMIT (or ROLLBACK), unless it went with the last statement; BEGIN travels with the first statement, and a
        // transaction that ran none opens nothing.
        if (ran && !committedWith) counts.roundTrips += 1;
        counts.transactionMs += performance.now() - t;
      }
    },
    ...(db.lostConnectionSettled ? { lostConnectionSettled: db.lostConnectionSettled.bind(db) } : {}),
    close: () => db.close(),
  };
}

/** Traced when the environment asks for it (benchmarks: `REGISTRUM_STORE_TRACE=1`), otherwise the store as it is. */
export function tracedIfAsked(db: Db, env: NodeJS.ProcessEnv = process.env): Db {
  return env.REGISTRUM_STORE_TRACE === '1' ? traced(db) : db;
}
