import { lazy, readReferenceCsv } from './files.ts';

/** One row of the ISO 20275 Entity Legal Forms list (GLEIF v1.6): one legal form in one language. */
export interface ElfEntry {
  /** The 4-character ELF code; repeats across the languages of one form. `8888` and `9999` are special rows. */
  code: string;
  countryName: string;
  /** ISO 3166-1 alpha-2; empty for the special rows. */
  countryCode: string;
  jurisdiction: string;
  /** ISO 3166-2 code (e.g. `US-NY`) when the form belongs to a sub-division, else empty. */
  subdivisionCode: string;
  localName: string;
  language: string;
  languageCode: string;
  transliteratedName: string;
  /** Local-language abbreviations (the list separates several with `;`). */
  abbreviations: string[];
  abbreviationsTransliterated: string[];
  dateCreated: string;
  status: 'ACTV' | 'INAC';
}

const split = (s: string | undefined) =>
  (s ?? '')
    .split(';')
    .map((a) => a.trim())
    .filter((a) => a !== '');

const COL = {
  code: 'ELF Code',
  countryName: 'Country of formation',
  countryCode: 'Country Code (ISO 3166-1)',
  jurisdiction: 'Jurisdiction of formation',
  subdivisionCode: 'Country sub-division code (ISO 3166-2)',
  localName: 'Entity Legal Form name Local name',
  language: 'Language',
  languageCode: 'Language Code (ISO 639-1)',
  transliteratedName: 'Entity Legal Form name Transliterated name (per ISO 01-140-10)',
  abbreviations: 'Abbreviations Local language',
  abbreviationsTransliterated: 'Abbreviations transliterated',
  dateCreated: 'Date created YYYY-MM-DD (ISO 8601)',
  status: 'ELF Status ACTV/INAC',
} as const;

const load = lazy(() => {
  const entries: ElfEntry[] = readReferenceCsv('elf-code-list.csv').map((r) => {
    const status = r[COL.status];
    if (status !== 'ACTV' && status !== 'INAC') throw new Error(`ELF list: unknown status "${status}" for ${r[COL.code]}`);
    return {
      code: r[COL.code] ?? '',
      countryName: r[COL.countryName] ?? '',
      countryCode: r[COL.countryCode] ?? '',
      jurisdiction: r[COL.jurisdiction] ?? '',
      subdivisionCode: r[COL.subdivisionCode] ?? '',
      localName: r[COL.localName] ?? '',
      language: r[COL.language] ?? '',
      languageCode: r[COL.languageCode] ?? '',
      transliteratedName: r[COL.transliteratedName] ?? '',
      abbreviations: split(r[COL.abbreviations]),
      abbreviationsTransliterated: split(r[COL.abbreviationsTransliterated]),
      dateCreated: r[COL.dateCreated] ?? '',
      status,
    };
  });
  const byCode = new Map<string, ElfEntry[]>();
  const byCountry = new Map<string, ElfEntry[]>();
  for (const e of entries) {
    byCode.set(e.code, [...(byCode.get(e.code) ?? []), e]);
    const country = e.countryCode.toUpperCase();
    byCountry.set(country, [...(byCountry.get(country) ?? []), e]);
  }
  return { entries, byCode, byCountry };
});

/** Every row of the list, in file order. */
export function elfEntries(): readonly ElfEntry[] {
  return load().entries;
}

/** The rows of one ELF code (one per language); empty when the code is unknown. */
export function elfByCode(code: string): readonly ElfEntry[] {
  return load().byCode.get(code.trim().toUpperCase()) ?? [];
}

// Names in the list carry stray spaces ("Private Fund Limited Partnership "), so compare normalised.
const norm = (s: string) => s.normalize('NFC').trim().replace(/\s+/g, ' ').toLocaleLowerCase('en');

/**
 * The ELF code of a legal form by its exact name (local or transliterated, case- and space-insensitive) in a
 * country. With `subdivision` (ISO 3166-2, e.g. `US-NY`) only that sub-division's forms match. Without it,
 * country-wide forms match; a sub-division form is returned only when the name is unambiguous across them.
 * Active forms win over inactive ones.
 *
 * @example findElf({ countryCode: 'US', subdivision: 'US-NY', localName: 'Business Corporation' }) // 'PJ10'
 */
export function findElf(q: { countryCode: string; subdivision?: string; localName: string }): string | undefined {
  // A scan of the country's rows costs milliseconds (US: hundreds of rows, each normalised); mappings ask the same few
  // questions for every company (a million US-NY monitored views), so answers are kept.
  const key = `${q.countryCode}\u0000${q.subdivision ?? ''}\u0000${q.localName}`;
  if (elfAnswers.has(key)) return elfAnswers.get(key);
  const code = findElfUncached(q);
  if (elfAnswers.size >= 10_000) elfAnswers.clear(); // names may come from registers' free text: stay bounded
  elfAnswers.set(key, code);
  return code;
}

const elfAnswers = new Map<string, string | undefined>();

function findElfUncached(q: { countryCode: string; subdivision?: string; localName: string }): string | undefined {
  const name = norm(q.localName);
  const rows = (load().byCountry.get(q.countryCode.trim().toUpperCase()) ?? []).filter(
    (e) => norm(e.localName) === name || norm(e.transliteratedName) === name,
  );
  const sub = q.subdivision?.trim().toUpperCase();
  let candidates = sub ? rows.filter((e) => e.subdivisionCode.toUpperCase() === sub) : rows.filter((e) => !e.subdivisionCode);
  if (!sub && candidates.length === 0 && new Set(rows.map((e) => e.code)).size === 1) candidates = rows;
  return (candidates.find((e) => e.status === 'ACTV') ?? candidates[0])?.code;
}
