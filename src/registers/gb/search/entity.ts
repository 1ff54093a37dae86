import { encodeAltNames, type IndexedEntity } from '../../../shared/name-index/index.ts';
import type { GbProfile } from '../record.ts';

/** The fields a GB hit shows besides number and name, in IndexedEntity.fields order. */
export const FIELD = { postTown: 0, postcode: 1, status: 2 } as const;

/** A company as the index keeps it: name, previous names, post town, postcode and `company_status` code. */
export interface GbIndexCompany {
  number: string;
  name: string;
  previousNames: readonly string[];
  postTown: string;
  postcode: string;
  /** The register's `company_status` code (active, liquidation, dissolved…). */
  status: string;
}

// A product line's separators; ingestion strips control characters from values, so they never occur in one.
const FS = '\u001f';
const RS = '\u001e';
// biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
const CONTROL = /[\u0000-\u001f]/g;
const clean = (s: string | undefined) => (s ?? '').replace(CONTROL, ' ').trim();

export function indexedEntityOf(c: GbIndexCompany): IndexedEntity {
  const current = c.name.toUpperCase();
  const seen = new Set([current]);
  const previous: string[] = [];
  for (const p of c.previousNames) {
    const key = p.toUpperCase();
    if (!p || seen.has(key)) continue;
    seen.add(key);
    previous.push(p);
  }
  return {
    id: c.number,
    name: c.name,
    fields: [c.postTown, c.postcode, c.status],
    altNames: encodeAltNames(previous.map((name) => ({ kind: 'former', name }))),
  };
}

/** A company as one line of the stored product: values joined by U+001F, previous names by U+001E. */
export function productLineOf(c: GbIndexCompany): string {
  return [c.number, clean(c.name), clean(c.postTown), clean(c.postcode), clean(c.status), c.previousNames.map(clean).join(RS)].join(FS);
}

/** How many names a product line holds: the current one and the previous ones. */
export function namesOfLine(line: string): number {
  const previous = line.slice(line.lastIndexOf(FS) + 1);
  if (!previous) return 1;
  let names = 2;
  for (let i = previous.indexOf(RS); i >= 0; i = previous.indexOf(RS, i + 1)) names++;
  return names;
}

export function companyOfLine(line: string): GbIndexCompany {
  const [number = '', name = '', postTown = '', postcode = '', status = '', previous = ''] = line.split(FS);
  return { number, name, postTown, postcode, status, previousNames: previous ? previous.split(RS) : [] };
}

/** A company of the stream's `companies` events (the profile resource). */
export function companyOfProfile(number: string, p: GbProfile): GbIndexCompany {
  return {
    number,
    name: p.company_name,
    previousNames: (p.previous_company_names ?? []).map((n) => n.name),
    postTown: p.registered_office_address?.locality ?? '',
    postcode: p.registered_office_address?.postal_code ?? '',
    status: p.company_status,
  };
}
