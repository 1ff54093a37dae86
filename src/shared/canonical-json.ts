/**
 * JSON with every object's members in name order: two values that differ only in the order their members were written
 * give the same text (a schema as zod wrote it, a register's answer as its server listed it). Members that are
 * undefined are left out, as JSON.stringify does.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v) ? sortedByName(v as Record<string, unknown>) : v,
  );
}

/** The record's members in name order (a new object). */
export function sortedByName<V>(record: Record<string, V>): Record<string, V> {
  return Object.fromEntries(Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}
