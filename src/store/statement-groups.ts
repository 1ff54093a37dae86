import { CommitGroups } from './commit-groups.ts';
import type { Db, Queryable } from './db.ts';

interface PendingStatement {
  sql: string;
  params: readonly unknown[];
  /** Statements of one group run in the order of their keys (the rows they lock: see `on`). */
  orderKey: string;
  resolve(rows: unknown[]): void;
  reject(err: unknown): void;
}

/**
 * Statements that each commit by themselves (atomic alone, nothing read between them and their commit), sent while
 * others are in flight and then run together in one transaction, one message and one commit (CommitGroups): on
 * PostgreSQL, concurrent requests' accepts share their round trip and their transaction's fixed cost. When a group's
 * transaction fails, nothing of it was written, and each of its statements runs again alone: one statement's failure
 * is its own.
 *
 * A group runs its statements in the order of their `orderKey`s, so that two groups that lock the same rows (the
 * accounts' rows an accept's hold updates) take them in the same order and never wait for each other.
 */
export class StatementGroups {
  private readonly groups: CommitGroups<PendingStatement>;

  constructor(
    private readonly db: Db,
    inFlight: number,
    maxGroup: number,
  ) {
    this.groups = new CommitGroups((statements) => this.run(statements), inFlight, maxGroup);
  }

  /** A Queryable whose statements (each committing by itself) are grouped, in the order of `orderKey`. */
  on(orderKey: string): Queryable {
    return {
      query: <Row>(sql: string, params: readonly unknown[] = []) =>
        new Promise<Row[]>((resolve, reject) => {
          const pending = { sql, params, orderKey, resolve: resolve as (rows: unknown[]) => void, reject };
          // Settled by `run`, whose own promise never rejects.
          void this.groups.add(pending);
        }),
    };
  }

  private async run(statements: PendingStatement[]): Promise<void> {
    if (statements.length > 1) {
      const ordered = [...statements].sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : 0));
      try {
        const rows = await this.db.transaction(async (tx) => {
          const sent = ordered.map((s, i) =>
            i < ordered.length - 1 && tx.queryWithNext
              ? tx.queryWithNext(s.sql, s.params)
              : (tx.commitWith ?? tx.query).call(tx, s.sql, s.params),
          );
          return Promise.all(sent);
        });
        ordered.forEach((s, i) => s.resolve(rows[i]!));
        return;
      } catch {
        // Nothing of the group was written: each statement runs alone below, and fails alone if it fails.
      }
    }
    await Promise.all(statements.map((s) => this.db.query(s.sql, s.params).then(s.resolve, s.reject)));
  }
}
