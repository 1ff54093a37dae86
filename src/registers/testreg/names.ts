import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Address, Individual } from '../../contract/index.ts';
import { lazy } from '../../enrichment/reference/files.ts';
import { findElf } from '../../enrichment/reference/legal-forms.ts';
import { groupMemberOf, type GroupMember } from './groups.ts';
import { rngFor, type Rng } from './random.ts';

const word = z.string().regex(/^[A-Za-z]+$/);
const Vocabulary = z.object({
  companyWords: z.array(word).min(10),
  sectorWords: z.array(word).min(5),
  legalForms: z
    .array(
      z.object({
        key: z.string(),
        elfName: z.string(),
        suffix: z.string(),
        standardized: z.string(),
        weight: z.number().positive(),
      }),
    )
    .min(1),
  firstNames: z.object({ female: z.array(z.string()).min(1), male: z.array(z.string()).min(1) }),
  lastNames: z.array(z.string()).min(1),
  nationalities: z.array(z.tuple([z.string().length(2), z.number().positive()])).min(1),
  streets: z.array(z.string()).min(1),
  cities: z.array(z.object({ city: z.string(), postcodeAreas: z.array(z.string()).min(1), region: z.string(), phone: z.string() })).min(1),
});

/** The word lists are data (vocabulary.json), validated once at load. */
export const vocabulary = Vocabulary.parse(JSON.parse(readFileSync(new URL('./vocabulary.json', import.meta.url), 'utf8')));
export type City = (typeof vocabulary.cities)[number];

export interface LegalFormSpec {
  key: string;
  localName: string;
  /** When the local name is not English (the showcase groups' foreign-looking companies). */
  englishTranslation?: string;
  suffix: string;
  standardized: string;
  /** Looked up in the ELF list by name, never written down here. */
  iso20275Code: string | undefined;
}

// Resolved on first use: the ELF list is large and not every process that imports the register needs it.
const legalForms = lazy((): LegalFormSpec[] =>
  vocabulary.legalForms.map((f) => ({
    key: f.key,
    localName: f.elfName,
    suffix: f.suffix,
    standardized: f.standardized,
    iso20275Code: findElf({ countryCode: 'GB', localName: f.elfName }),
  })),
);

const SUFFIX_WORDS = new Set(['LTD', 'LIMITED', 'PLC', 'LLP']);
const SLUG = '[A-Za-z]+(?:-[A-Za-z]+)*';
const SLUG_RE = new RegExp(`^${SLUG}$`);
const RENAMED_RE = new RegExp(`^(${SLUG})\\.(${SLUG})$`);

export const titleCase = (w: string) => w.charAt(0).toUpperCase() + w.slice(1).toLowerCase();

/** Slug words without a trailing legal-form word, so `ACME-LTD` is "Acme Ltd", not "Acme Ltd Ltd". */
function nameWords(slug: string): string[] {
  const words = slug.split('-');
  while (words.length > 1 && SUFFIX_WORDS.has(words[words.length - 1]!.toUpperCase())) words.pop();
  return words.map(titleCase);
}

export interface Identity {
  legalName: string;
  legacyLegalNames: string[];
  legalForm: LegalFormSpec;
  /** The name without its legal-form suffix, e.g. "Acme Holding"; used for web sites and establishments. */
  baseName: string;
}

/**
 * The name of a generated company, cheap enough to compute for every company a record points at (a corporate
 * shareholder, a subsidiary), so that following a reference finds the same name.
 * - `ACME-HOLDING` (letter words joined by hyphens): "Acme Holding Ltd";
 * - `NEW.OLD` (two such slugs): named after NEW, formerly named after OLD;
 * - anything else (digits, underscores): a name drawn from the word lists, seeded by the id.
 */
export function identityOf(id: string): Identity {
  const member = groupMemberOf(id);
  if (member) return groupIdentity(member);
  const legalForm = rngFor(id, 'legalForm').weighted(legalForms().map((f, i) => [f, vocabulary.legalForms[i]!.weight] as const));
  const named = (words: string[]) => `${words.join(' ')} ${legalForm.suffix}`;
  const renamed = RENAMED_RE.exec(id);
  if (renamed) {
    const current = nameWords(renamed[1]!);
    return { legalName: named(current), legacyLegalNames: [named(nameWords(renamed[2]!))], legalForm, baseName: current.join(' ') };
  }
  if (SLUG_RE.test(id)) {
    const words = nameWords(id);
    return { legalName: named(words), legacyLegalNames: [], legalForm, baseName: words.join(' ') };
  }
  const rng = rngFor(id, 'name');
  const words = [rng.pick(vocabulary.companyWords), rng.pick(vocabulary.sectorWords)];
  // Some companies with a numeric id changed name once; the old name is drawn from the same lists.
  const legacy = rng.chance(0.15) ? [named([rng.pick(vocabulary.companyWords), rng.pick(vocabulary.sectorWords)])] : [];
  return { legalName: named(words), legacyLegalNames: legacy, legalForm, baseName: words.join(' ') };
}

/** A showcase-group company (groups.json) is named as the group says, in the legal form of the country it looks from. */
function groupIdentity(m: GroupMember): Identity {
  const f = m.legalForm;
  return {
    legalName: `${m.name} ${m.suffix}`,
    legacyLegalNames: [],
    legalForm: {
      key: f.key,
      localName: f.localName,
      ...(f.englishTranslation ? { englishTranslation: f.englishTranslation } : {}),
      suffix: m.suffix,
      standardized: f.standardized,
      iso20275Code: findElf({ countryCode: f.countryCode, localName: f.localName }),
    },
    baseName: m.name,
  };
}

/** An id made of words from the lists, e.g. `KESTREL-LOGISTICS`: its generated name reads well. */
export function wordId(rng: Rng, ...tail: string[]): string {
  return [rng.pick(vocabulary.companyWords), ...tail].join('-').toUpperCase();
}

/** Longest slug a query yields: 48 characters leave room for `-INTERNATIONAL` and `WORD.` within an id's 64. */
const MAX_SLUG = 48;

/**
 * The slug a name query stands for: its letter words, upper case, accents and legal-form words dropped, bounded
 * so that the ids derived from it stay valid. Undefined when the query has no letters.
 */
export function slugOfQuery(query: string): string | undefined {
  const words = (
    query
      .normalize('NFKD')
      .replace(/\p{M}/gu, '')
      .toUpperCase()
      .match(/[A-Z]+/g) ?? []
  )
    .filter((w) => !SUFFIX_WORDS.has(w))
    .slice(0, 5);
  while (words.length > 1 && words.join('-').length > MAX_SLUG) words.pop();
  return words.length ? words.join('-').slice(0, MAX_SLUG) : undefined;
}

export const pad = (n: number, width = 2) => String(n).padStart(width, '0');
export const isoDate = (y: number, m: number, d: number) => `${y}-${pad(m)}-${pad(d)}`;

/** A day of a year; days stop at 28 so every month is valid. */
export function dateIn(rng: Rng, fromYear: number, toYear: number): string {
  return isoDate(rng.int(fromYear, Math.max(fromYear, toYear)), rng.int(1, 12), rng.int(1, 28));
}

export function person(rng: Rng): Individual {
  const female = rng.chance(0.5);
  const firstName = rng.pick(female ? vocabulary.firstNames.female : vocabulary.firstNames.male);
  const lastName = rng.pick(vocabulary.lastNames);
  return {
    gender: female ? 'Female' : 'Male', // the incumbent's values (spec §2.4 gives none)
    name: { fullName: `${firstName} ${lastName}`, firstName, lastName },
    // Registers publish month and year of birth only, for privacy.
    birthDate: { month: rng.int(1, 12), year: rng.int(1948, 1998) },
    nationality: rng.weighted(vocabulary.nationalities),
  };
}

const POSTCODE_LETTERS = 'ABDEFGHJLNPQRSTUWXYZ'; // the letters UK inward codes use

export function address(rng: Rng, city: City = rng.pick(vocabulary.cities)): Address {
  const inward = `${rng.int(1, 9)}${rng.pick([...POSTCODE_LETTERS])}${rng.pick([...POSTCODE_LETTERS])}`;
  const floor = rng.chance(0.3) ? `${rng.pick(['First', 'Second', 'Third', 'Fourth'])} Floor` : undefined;
  return {
    addressLine1: `${rng.int(1, 240)} ${rng.pick(vocabulary.streets)}`,
    ...(floor ? { addressLine2: floor } : {}),
    city: city.city,
    postalCode: `${rng.pick(city.postcodeAreas)} ${inward}`,
    region: city.region,
    countryCode: 'GB',
  };
}

export function cityOf(addr: Address): City {
  return vocabulary.cities.find((c) => c.city === addr.city) ?? vocabulary.cities[0]!;
}
