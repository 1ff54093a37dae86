// Statement counts and times by statement, for profiling a benchmark's measured phase (`--trace`): wraps a store's
// `query` and the queries of its transactions. Times are wall-clock from call to answer, so they include waiting
// for the store (PGlite runs one statement at a time) and add up to more than the elapsed time.
import type { Db, Queryable } from '../../src/store/db.ts';

export class QueryTrace {
  private readonly byStatement = new Map<string, { count: number; ms: number }>();
  transactions = 0;
  transactionMs = 0;
  enabled = false;

  constructor(db: Db) {
    const query = db.query.bind(db);
    const transaction = db.transaction.bind(db);
    db.query = ((sql: string, params?: readonly unknown[]) => this.time(sql, () => query(sql, params))) as Db['query'];
    db.transaction = (<T>(fn: (tx: Queryable) => Promise<T>) => {
      const t = performance.now();
      return transaction((tx) =>
        fn({ query: ((sql: string, params?: readonly unknown[]) => this.time(sql, () => tx.query(sql, params))) as Queryable['query'] }),
      ).finally(() => {
        if (!this.enabled) return;
        this.transactions++;
        this.transactionMs += performance.now() - t;
      });
    }) as Db['transaction'];
  }

  private async time<T>(sql: string, run: () => Promise<T>): Promise<T> {
    if (!this.enabled) return run();
    const t = performance.now();
    try {
      return await run();
    } finally {
      const key = sql.replace(/\s+/g, ' ').trim().slice(0, 90);
      const s = this.byStatement.get(key) ?? { count: 0, ms: 0 };
      s.count++;
      s.ms += performance.now() - t;
      this.byStatement.set(key, s);
    }
  }

  /** The statements that took longest in total. */
  top(n = 15) {
    const rows = [...this.byStatement].sort((a, b) => b[1].ms - a[1].ms).slice(0, n);
    return {
      statements: [...this.byStatement.values()].reduce((s, x) => s + x.count, 0),
      transactions: this.transactions,
      transactionMs: Math.round(this.transactionMs),
      top: rows.map(([sql, s]) => ({ sql, count: s.count, ms: Math.round(s.ms) })),
    };
  }
}
