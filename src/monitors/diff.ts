/** One changed field: its path in the monitored data (`company.legalAddress.city`, `shareholders[ACME Ltd]`). */
export interface FieldChange {
  path: string;
  before: unknown;
  after: unknown;
}

type Json = null | boolean | number | string | Json[] | { [k: string]: Json };

const isObject = (v: unknown): v is Record<string, Json> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** JSON with sorted keys, so that equal values compare equal whatever their key order. */
function canonical(v: unknown): string {
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (isObject(v))
    return `{${Object.keys(v)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical(v[k])}`)
      .join(',')}}`;
  return JSON.stringify(v ?? null);
}

/**
 * The name an element of a list is known by, so that a list diff says who came or went rather than which index
 * moved: a person's or company's name, else an id. Undefined for scalars and anonymous objects.
 */
function identityOf(v: unknown): string | undefined {
  if (!isObject(v)) return undefined;
  const at = (...keys: string[]): unknown => keys.reduce<unknown>((o, k) => (isObject(o) ? o[k] : undefined), v);
  const candidates = [
    at('individual', 'name', 'fullName'),
    at('company', 'legalName'),
    at('name', 'fullName'),
    at('legalName'),
    typeof v.name === 'string' ? v.name : undefined,
    at('company', 'id'),
    v.entityId,
    v.id,
    v.code,
  ];
  const found = candidates.find((c) => typeof c === 'string' && c.length > 0);
  return found as string | undefined;
}

/** Elements by identity; a repeated identity gets `#2`, `#3` so that none is lost. */
function keyed(list: unknown[]): Map<string, unknown> | undefined {
  const out = new Map<string, unknown>();
  for (const el of list) {
    const id = identityOf(el);
    if (id === undefined) return undefined;
    let key = id;
    for (let n = 2; out.has(key); n++) key = `${id}#${n}`;
    out.set(key, el);
  }
  return out;
}

function diffInto(before: unknown, after: unknown, path: string, out: FieldChange[]): void {
  if (canonical(before) === canonical(after)) return;
  if (isObject(before) && isObject(after)) {
    for (const k of [...new Set([...Object.keys(before), ...Object.keys(after)])].sort()) {
      diffInto(before[k], after[k], path ? `${path}.${k}` : k, out);
    }
    return;
  }
  if (Array.isArray(before) && Array.isArray(after)) {
    // Order is not a change: the same elements in another order compare equal.
    if (canonical([...before].map(canonical).sort()) === canonical([...after].map(canonical).sort())) return;
    const a = keyed(before);
    const b = keyed(after);
    if (a && b) {
      for (const k of [...new Set([...a.keys(), ...b.keys()])].sort()) diffInto(a.get(k), b.get(k), `${path}[${k}]`, out);
      return;
    }
  }
  out.push({ path, before: before ?? null, after: after ?? null });
}

/** The field-level differences between two snapshots of the same company, in path order. */
export function diffSnapshots(before: object, after: object): FieldChange[] {
  const out: FieldChange[] = [];
  // Top-level keys are data points. One that only one snapshot has was added to or removed from the register's
  // catalogue in between (e.g. US-NY's unpublished shareholders and UBOs, once empty lists): not a company change.
  const common = (a: object, b: object) => Object.fromEntries(Object.entries(a).filter(([k]) => k in b));
  diffInto(common(before, after), common(after, before), '', out);
  return out;
}
