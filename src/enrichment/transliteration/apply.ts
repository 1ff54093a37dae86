import { personNameOf, personNamePartOf } from './cn-person-name.ts';
import { pinyinNameOf } from './cn-pinyin-name.ts';
import { placeWords } from './cn-words.ts';
import { romanise } from './pinyin.ts';

/** Keys of company names: rendered as `companyNameTransliterations` renders them (GB/T 16159 words). */
const COMPANY_NAME_KEYS = new Set([
  'legalName',
  'commercialNames',
  'legacyLegalNames',
  'legacyCommercialNames',
  'companyLegalName',
  'matchedName',
]);
/** Keys whose string values are addresses: proper and generic parts as words (GB/T 16159: Yuzhong Qu Minzu Lu). */
const ADDRESS_KEYS = new Set(['addressLine1', 'addressLine2', 'city', 'region', 'state', 'careOf', 'poBox', 'street', 'country']);
/** Keys of person names: a full name is cut into surname and given name, a last name read as a surname. */
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
  if (typeof value === 'string') return key ? romaniseString(value, key) : value;
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

/**
 * A string under a key, romanised the way its kind is written (GB/T 16159-2012): company names as the
 * `companyNameTransliterations` of the same answer, addresses as place words, person names as surname and given name,
 * descriptions as syllables.
 */
function romaniseString(value: string, key: string): string {
  if (COMPANY_NAME_KEYS.has(key)) return pinyinNameOf(value) ?? value;
  if (ADDRESS_KEYS.has(key)) return placeWords(value) ?? value;
  if (key === 'fullName') return personNameOf(value) ?? romanise(value, { person: true }) ?? value;
  if (PERSON_KEYS.has(key)) {
    const part = personNamePartOf(value, { surname: key === 'lastName' });
    return part ?? romanise(value, { person: key === 'lastName' }) ?? value;
  }
  // Free text, not cut into words: plain syllables.
  if (key === 'activityDescription') return romanise(value) ?? value;
  return value;
}
