import { CommitGroups } from './commit-groups.ts';
import type { Db, Queryable } from './db.ts';

interface PendingStatement<M> {
  sql: string;
  params: readonly unknown[];
  /** Statements of one group run in the order of their keys (the rows they lock: see `on`). */
  orderKey: string;
  /** What the statement writes, for a group that writes all its members' in one statement (Combiner). */
  member?: M;
  resolve(rows: unknown[]): void;
  reject(err: unknown): void;
}

/**
 * One statement that writes what a group's statements would, given their members in the group's order (`orderKey`),
 * whose rows each member's statement answers in its stead. It writes all or nothing: it fails when any member's
 * statement would have written nothing or failed alone, and they then run as statements of their own.
 */
export type Combiner<M> = (members: readonly M[]) => { sql: string; params: unknown[] };

/** A Queryable of StatementGroups: `query`, and `queryAs` for a statement that a Combiner can write with others. */
export interface GroupedQueryable<M> extends Queryable {
  queryAs<Row>(member: M, sql: string, params: readonly unknown[]): Promise<Row[]>;
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
export class StatementGroups<M = never> {
  private readonly groups: CommitGroups<PendingStatement<M>>;

  /**
   * `combine`: a group whose statements all came with a member (`queryAs`) runs as the one statement it makes of
   * them; when that fails, as the statements themselves, as below.
   */
  constructor(
    private readonly db: Db,
    inFlight: number,
    maxGroup: number,
    private readonly combine?: Combiner<M>,
  ) {
    this.groups = new CommitGroups((statements) => this.run(statements), inFlight, maxGroup);
  }

  /** A Queryable whose statements (each committing by itself) are grouped, in the order of `orderKey`. */
  on(orderKey: string): GroupedQueryable<M> {
    const add = <Row>(sql: string, params: readonly unknown[], member?: M) =>
      new Promise<Row[]>((resolve, reject) => {
        const pending = { sql, params, orderKey, member, resolve: resolve as (rows: unknown[]) => void, reject };
        // Settled by `run`, whose own promise never rejects.
        void this.groups.add(pending);
      });
    return {
      query: <Row>(sql: string, params: readonly unknown[] = []) => add<Row>(sql, params),
      queryAs: <Row>(member: M, sql: string, params: readonly unknown[]) => add<Row>(sql, params, member),
    };
  }

  private async run(statements: PendingStatement<M>[]): Promise<void> {
    if (statements.length > 1) {
      const ordered = [...statements].sort((a, b) => (a.orderKey < b.orderKey ? -1 : a.orderKey > b.orderKey ? 1 : 0));
      if (this.combine && ordered.every((s) => s.member !== undefined)) {
        try {
          const { sql, params } = this.combine(ordered.map((s) => s.member as M));
          const rows = await this.db.query(sql, params);
          ordered.forEach((s) => s.resolve(rows));
          return;
        } catch {
          // A member the combined statement refused, or the store's failure, is met by the statements themselves below.
          // Nothing of the group was written, unless the connection broke after the store received it: the statements
          // then find their ids taken, and their callers read what was written back (RequestRepository.insert).
        }
      }
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
