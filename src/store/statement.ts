/**
 * Part of one SQL statement: common table expressions whose parameters are numbered from `$<offset + 1>`, so that
 * modules can each contribute their writes to a statement that makes them together, in one round trip to the store
 * and atomically without a transaction (a request with its items, its hold and its reservations).
 */
export interface StatementPart {
  ctes: string;
  params: unknown[];
  /**
   * Columns the part adds to the statement's one row (scalar subqueries over its expressions), for a caller that runs
   * the statement and hands the row back to the part's owner; ignored where the statement's select is fixed.
   */
  select?: string;
}

/** Builds a part given how many parameters the parts before it hold. */
export type StatementPartBuilder = (offset: number) => StatementPart;

/** `with <each part's expressions> <select>`, with the parts' parameters in order. */
export function composeStatement(parts: readonly StatementPartBuilder[], select: string): { sql: string; params: unknown[] } {
  const { ctes, params } = combineParts(parts)(0);
  return { sql: `with ${ctes}\n${select}`, params };
}

/** Several parts as one: their expressions in order, their parameters numbered on, their selects joined. */
export function combineParts(parts: readonly StatementPartBuilder[]): StatementPartBuilder {
  return (offset) => {
    const ctes: string[] = [];
    const params: unknown[] = [];
    const selects: string[] = [];
    for (const build of parts) {
      const part = build(offset + params.length);
      ctes.push(part.ctes);
      params.push(...part.params);
      if (part.select) selects.push(part.select);
    }
    return { ctes: ctes.join(',\n'), params, ...(selects.length ? { select: selects.join(', ') } : {}) };
  };
}

/** `$<offset + n>`: a parameter of a part numbered from its offset. */
export const paramAt = (offset: number) => (n: number) => `$${offset + n}`;

/**
 * Marks a statement to be planned once per session on PostgreSQL (a generic plan), not for each run's values. Its
 * plan-cache heuristic compares estimated costs and kept re-planning the request path's long CTE statements, whose
 * planning then cost the server more than running them (pg_stat_statements under load, plan / run ms: the accept
 * statement 0.72 / 4.7, mostly waiting for the account's row; the settlement's read of items 0.79 / 0.16; the quote from
 * a unit's history 0.5 / 0.1). With a generic plan none of them ran slower. Only statements measured so are marked;
 * the rest keep PostgreSQL's own choice. The embedded store times both plans of every statement itself
 * (plan-choice.ts) and ignores the mark.
 */
export const GENERIC_PLAN = '/* plan: generic */';
export const withGenericPlan = (sql: string): string => `${GENERIC_PLAN}\n${sql}`;

/**
 * Marks a statement (after GENERIC_PLAN) whose generic plan the embedded store keeps without timing it against
 * PostgreSQL's own choice (PlanChoice.generic): a statement over arrays whose lengths vary from run to run, whose
 * runs' times would tell their sizes apart rather than their plans. Only for a statement whose every lookup is by a
 * key, so that no value makes another plan better.
 */
export const UNTIMED_PLAN = '/* plan: untimed */';
export const withUntimedGenericPlan = (sql: string): string => withGenericPlan(`${UNTIMED_PLAN}\n${sql}`);
