/**
 * The registry's dates are written dd/mm/yyyy. Returns YYYY-MM-DD, or undefined for anything that is not a real
 * date. ISO dates are accepted as they are, for sandbox records written that way.
 */
export function parseRegistryDate(raw: string | undefined): string | undefined {
  const text = raw?.trim() ?? '';
  const m = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/.exec(text) ?? /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!m) return undefined;
  const [y, mo, d] = text.includes('/') ? [Number(m[3]), Number(m[2]), Number(m[1])] : [Number(m[1]), Number(m[2]), Number(m[3])];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return undefined;
  return date.toISOString().slice(0, 10);
}

/** A date the registry's way: 12/03/2015. Input in either form. */
export function formatRegistryDate(raw: string): string {
  const iso = parseRegistryDate(raw);
  if (!iso) return raw;
  const [y, m, d] = iso.split('-');
  return `${d}/${m}/${y}`;
}
