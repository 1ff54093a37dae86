/**
 * Part of one SQL statement: common table expressions whose parameters are numbered from `$<offset + 1>`, so that
 * modules can each contribute their writes to a statement that makes them together, in one round trip to the store
 * and atomically without a transaction (a request with its items, its hold and its reservations).
 */
export interface StatementPart {
  ctes: string;
  params: unknown[];
}

/** Builds a part given how many parameters the parts before it hold. */
export type StatementPartBuilder = (offset: number) => StatementPart;

/** `with <each part's expressions> <select>`, with the parts' parameters in order. */
export function composeStatement(parts: readonly StatementPartBuilder[], select: string): { sql: string; params: unknown[] } {
  const ctes: string[] = [];
  const params: unknown[] = [];
  for (const build of parts) {
    const part = build(params.length);
    ctes.push(part.ctes);
    params.push(...part.params);
  }
  return { sql: `with ${ctes.join(',\n')}\n${select}`, params };
}

/** `$<offset + n>`: a parameter of a part numbered from its offset. */
export const paramAt = (offset: number) => (n: number) => `$${offset + n}`;
