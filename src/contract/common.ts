import { readFileSync } from 'node:fs';
import { z } from 'zod';
// Before any schema of the contract parses: how a missing field is told (messages.ts).
import './messages.ts';

/**
 * The country codes of the public API (spec §4.1, §4.4): data, `countries.json`. They are the specification's
 * lists, not the registers of this build: a listed code without a register answers 406.
 */
const Countries = z.object({
  search: z.array(z.string().regex(/^[A-Z]{2}$/)).min(1),
  usStates: z.array(z.string().regex(/^US-[A-Z]{2}$/)).min(1),
  sandbox: z.array(z.string().regex(/^[A-Z]{3,}$/)),
  notForOnboarding: z.array(z.string()),
});
const COUNTRIES = Countries.parse(JSON.parse(readFileSync(new URL('./countries.json', import.meta.url), 'utf8')));
type Codes = [string, ...string[]];

/** ISO 3166-1 alpha-2 countries of the search operation (spec §4.1). */
export const SEARCH_COUNTRIES = COUNTRIES.search as Codes;

/** US state registers that may appear as `countryCode` (spec §4.1). */
export const US_STATES = COUNTRIES.usStates as Codes;

/** Countries of the onboarding list (spec §4.4); `POST /v2/company` adds RU, TEST and the enabled US states. */
export const ONBOARDING_COUNTRIES = SEARCH_COUNTRIES.filter((c) => !COUNTRIES.notForOnboarding.includes(c));

export const SearchCountry = z
  .enum([...SEARCH_COUNTRIES, ...US_STATES, ...COUNTRIES.sandbox] as Codes)
  .describe('ISO 3166-1 alpha-2 country, a US state register (US-XX) or TEST, the deterministic sandbox register.')
  .meta({ id: 'SearchCountry' });

export const CompanyCountry = z
  .enum([...SEARCH_COUNTRIES, ...US_STATES, ...COUNTRIES.sandbox] as Codes)
  .describe('Country of the register. US state registers (US-NY) are accepted only when enabled for the account (400 otherwise).')
  .meta({ id: 'CompanyCountry' });

export const OnboardingCountry = z
  .enum([...ONBOARDING_COUNTRIES, ...COUNTRIES.sandbox] as Codes)
  .describe('Countries of the deprecated onboarding route (spec §4.4), plus TEST.')
  .meta({ id: 'OnboardingCountry' });

/** Any country code a result may carry: alpha-2, a US state register or TEST. */
export const ResultCountryCode = z
  .string()
  .regex(/^([A-Z]{2}|US-[A-Z]{2}|TEST)$/)
  .describe('ISO 3166-1 alpha-2 code, a US state register (US-XX) or TEST.');

export const DateString = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/)
  .describe('ISO 8601 date, YYYY-MM-DD.');
export const Timestamp = z.string().describe('ISO 8601 UTC timestamp.');

export const Address = z
  .object({
    addressLine1: z.string().optional(),
    addressLine2: z.string().optional(),
    city: z.string().optional(),
    postalCode: z.string().optional(),
    region: z.string().optional(),
    state: z.string().optional(),
    countryCode: z.string().optional(),
    poBox: z.string().optional(),
    careOf: z.string().optional(),
    latitude: z.number().optional(),
    longitude: z.number().optional(),
  })
  .meta({ id: 'Address', description: 'A postal address; every field is optional.' });
export type Address = z.infer<typeof Address>;

export const Money = z
  .object({
    amount: z.number(),
    currency: z.string().describe('ISO 4217 currency code.'),
    formatted: z.string().optional(),
  })
  .meta({ id: 'Money' });
export type Money = z.infer<typeof Money>;

/** Spec §8 metadata limits. */
export const METADATA_LIMITS = { maxKeys: 50, maxKeyLength: 40, maxValueLength: 500 } as const;

/**
 * The caller's metadata on every endpoint that takes it (`POST /v2/company`, the onboarding route, `POST /v2/monitors`):
 * string pairs, anything else is a 400 naming the rule. The limits of spec §8 are applied as it says, not refused:
 * keys longer than 40 characters (and empty ones) are skipped, values longer than 500 characters truncated, and the
 * first 50 keys kept, so a 200 KB value is never stored or echoed.
 */
export const MetadataInput = z
  .record(
    z.string(),
    z.string({ error: 'metadata values must be strings (spec §8: string key-value pairs; numbers and objects are not accepted)' }),
    { error: 'metadata must be an object of string key-value pairs' },
  )
  .transform(limitMetadata)
  // The output side keeps its shape in the OpenAPI document (a bare transform has none).
  .pipe(z.record(z.string(), z.string()))
  .describe(
    'String pairs. At most 50 keys are kept; keys longer than 40 characters are skipped; values longer than 500 characters are truncated.',
  );

function limitMetadata(input: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  let kept = 0;
  for (const [key, value] of Object.entries(input)) {
    if (kept >= METADATA_LIMITS.maxKeys) break;
    if (key.length === 0 || key.length > METADATA_LIMITS.maxKeyLength) continue;
    out[key] = value.length > METADATA_LIMITS.maxValueLength ? value.slice(0, METADATA_LIMITS.maxValueLength) : value;
    kept++;
  }
  return out;
}

/** String key-value pairs attached by the caller, as stored (within the limits of spec §8; see MetadataInput). */
export const Metadata = z
  .record(z.string(), z.string())
  .describe(
    'String pairs. At most 50 keys are kept; keys longer than 40 characters are skipped; values longer than 500 characters are truncated.',
  )
  .meta({ id: 'Metadata' });

/** Cursor pagination parameters shared by list endpoints. */
export const PageQuery = z.object({
  first: z.coerce.number().int().min(1).max(100).default(20).describe('Page size, 1 to 100.'),
  after: z.string().max(200).optional().describe('Cursor from the previous page (`nextCursor`).'),
});
