import { z } from 'zod';

/**
 * A register's native record as the register publishes it (CONTRACT §5): real registers print empty strings for
 * lines they do not have ("addressLine2": ""). Those mean "absent", so they are dropped before the record is checked
 * and stored, and no `""` reaches an answer (an address line, a name). Whitespace-only strings count as empty; an
 * array loses its empty strings; objects keep their other fields (unknown ones are ignored by the schemas, not refused).
 */
export function blankToAbsent(value: unknown): unknown {
  if (typeof value === 'string') return value.trim() === '' ? undefined : value;
  if (Array.isArray(value)) return value.map(blankToAbsent).filter((v) => v !== undefined);
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      const cleaned = blankToAbsent(v);
      if (cleaned !== undefined) out[k] = cleaned;
    }
    return out;
  }
  return value;
}

/**
 * A list of blocks of a native record (people, shareholders, table rows) where a block without the field that
 * identifies it (`{name: ""}` once blanks are dropped) is an empty line of the register's page, not an error: it is
 * dropped before the list is checked, and the other blocks are checked as usual.
 */
export function withoutBlank<T extends z.ZodType>(key: string, list: T): T {
  // Typed as the list itself: the step only removes items, so what goes in and comes out is the list's.
  return z.preprocess((v) => (Array.isArray(v) ? v.filter((item) => !isUnnamed(item, key)) : v), list) as unknown as T;
}

/** An optional block (a secretary) without its identifying field is absent. */
export function absentIfBlank<T extends z.ZodType>(key: string, block: T): z.ZodOptional<T> {
  return z.preprocess((v) => (isUnnamed(v, key) ? undefined : v), block.optional()) as unknown as z.ZodOptional<T>;
}

function isUnnamed(item: unknown, key: string): boolean {
  if (item === null || typeof item !== 'object' || Array.isArray(item)) return false;
  const value = (item as Record<string, unknown>)[key];
  return value === undefined || (typeof value === 'string' && value.trim() === '');
}
