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
