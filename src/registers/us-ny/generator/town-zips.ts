import { readFileSync } from 'node:fs';
import { z } from 'zod';

const TownZips = z.object({
  _provenance: z.string().min(1),
  towns: z.record(z.string().length(2), z.record(z.string(), z.array(z.string().regex(/^\d{5}$/)).min(1))),
});

/** Real ZIP codes of each town, by state (town-zips.json, see its _provenance): data, validated once. */
const towns = TownZips.parse(JSON.parse(readFileSync(new URL('./town-zips.json', import.meta.url), 'utf8'))).towns;

/** The ZIP codes of a town, none when the table does not know the town. */
export function zipsOf(state: string, town: string): readonly string[] {
  return towns[state]?.[town] ?? [];
}

/** Of `cities`, those an address can name: the ones whose ZIP codes the table knows. */
export function townsWithZips(state: string, cities: readonly string[]): string[] {
  return cities.filter((c) => zipsOf(state, c).length > 0);
}
