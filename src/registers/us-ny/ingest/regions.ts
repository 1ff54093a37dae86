import { readFileSync } from 'node:fs';
import { z } from 'zod';

const Region = z.object({
  code: z.string().length(2),
  name: z.string(),
  country: z.enum(['US', 'CA']),
  subdivision: z.string(),
  aliases: z.array(z.string()),
});
export type Region = z.infer<typeof Region>;

const regions = z
  .object({ regions: z.array(Region) })
  .parse(JSON.parse(readFileSync(new URL('./regions.json', import.meta.url), 'utf8'))).regions;

/** Upper case, no dots, single spaces: "N.Y." and "new  york" meet "NY" and "NEW YORK". */
const key = (s: string) =>
  s
    .toUpperCase()
    .replace(/\./g, ' ')
    .replace(/[^A-Z0-9 ]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();

const byKey = new Map<string, Region>();
for (const r of regions) {
  for (const k of [r.code, r.name, ...r.aliases]) byKey.set(key(k), r);
  byKey.set(key(r.code.split('').join(' ')), r); // "N Y" from "N.Y."
}

/**
 * The state or province a snapshot spells in any of its ways ("NEW YORK", "New York", "NY", "N.Y."), or undefined
 * (a foreign country, a typo).
 */
export function findRegion(value: string | undefined): Region | undefined {
  if (!value) return undefined;
  return byKey.get(key(value)) ?? byKey.get(key(value.replace(/,?\s*(USA|U S A|UNITED STATES( OF AMERICA)?|CANADA)$/i, '')));
}

/** The state's upper-case full name, as older rows spell jurisdictions ("NEW YORK"); other values upper-cased. */
export function canonicalJurisdiction(value: string): string {
  const region = findRegion(value);
  return region ? region.name.toUpperCase() : value.toUpperCase().replace(/\s+/g, ' ').trim();
}

/** A state field of an address: the two-letter code when recognised, else the value upper-cased. */
export function canonicalState(value: string): string {
  return findRegion(value)?.code ?? value.toUpperCase().replace(/\s+/g, ' ').trim();
}
