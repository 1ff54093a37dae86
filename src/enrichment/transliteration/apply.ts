import { romanise } from './pinyin.ts';

/** Keys whose string values are company or place names, addresses or activity descriptions. */
const TEXT_KEYS = new Set([
  'legalName',
  'commercialNames',
  'legacyLegalNames',
  'legacyCommercialNames',
  'companyLegalName',
  'matchedName',
  'activityDescription',
  'addressLine1',
  'addressLine2',
  'city',
  'region',
  'state',
  'careOf',
  'poBox',
  'street',
  'country',
]);
/** Keys of person names: the first character is read as a surname. */
const PERSON_KEYS = new Set(['fullName', 'firstName', 'lastName']);
/**
 * Subtrees left as they are: the caller's own metadata, identifiers, documents and provenance, and the register's
 * own words for status, legal form and role, which the specification keeps verbatim in `localName`.
 */
const SKIP = new Set(['metadata', 'identifiers', 'documents', 'availableDocuments', 'dataSources', 'status', 'legalForm', 'role', 'taxId']);

/**
 * Romanises the user-facing strings of a response (spec §4.1 `transliterate`): names, addresses, person names and
 * activity descriptions, wherever they occur (company, people, ownership, graph, search results). Returns a copy;
 * what is stored, cached and billed is untouched. Strings without Chinese characters stay as they are.
 */
export function transliterateResponse<T>(value: T): T {
  return walk(value, undefined) as T;
}

function walk(value: unknown, key: string | undefined): unknown {
  if (typeof value === 'string') {
    if (key && PERSON_KEYS.has(key)) return romanise(value, { person: true }) ?? value;
    if (key && TEXT_KEYS.has(key)) return romanise(value) ?? value;
    return value;
  }
  if (Array.isArray(value)) return value.map((v) => walk(v, key));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(value)) {
      // An establishment's `name` is a place name; an individual's `name` is an object of person-name keys.
      out[k] = SKIP.has(k) ? v : walk(v, k === 'name' && typeof v === 'string' ? 'legalName' : k);
    }
    return out;
  }
  return value;
}
