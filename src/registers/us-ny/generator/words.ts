import { readFileSync } from 'node:fs';
import { z } from 'zod';

// A place's ZIP codes are those of its towns (town-zips.json).
const Place = z.object({ cities: z.array(z.string()).min(1) });

const Vocabulary = z.object({
  surnames: z.array(z.string()).min(1),
  givenNames: z.array(z.string()).min(1),
  businessWords: z.array(z.string()).min(1),
  industries: z.array(z.string()).min(1),
  syllables: z.array(z.string()).min(2),
  nonProfitOrgs: z.array(z.string()).min(1),
  nonProfitThemes: z.array(z.string()).min(1),
  streetNames: z.array(z.string()).min(1),
  streetTypes: z.array(z.string()).min(1),
  units: z.array(z.string()).min(1),
  counties: z.array(Place.extend({ county: z.string(), weight: z.number().positive() })).min(1),
  entityTypes: z
    .array(
      z.object({
        type: z.string(),
        weight: z.number().positive(),
        suffixes: z.array(z.string()).min(1),
        sectionOfLaw: z.string(),
        ceo: z.number().min(0).max(1).optional(),
        foreign: z.boolean().optional(),
        nonProfit: z.boolean().optional(),
        professional: z.boolean().optional(),
        partners: z.boolean().optional(),
        stock: z.boolean().optional(),
      }),
    )
    .min(1),
  foreignJurisdictions: z.array(z.tuple([z.string(), z.number().positive()])).min(1),
  outOfStateOffices: z.array(Place.extend({ state: z.string().length(2) })).min(1),
  registeredAgents: z
    .array(
      z.object({
        name: z.string(),
        address1: z.string(),
        address2: z.string().optional(),
        city: z.string(),
        state: z.string(),
        zip: z.string(),
      }),
    )
    .min(1),
  stockTypes: z.array(z.tuple([z.string(), z.number().positive()])).min(1),
  stockQuantities: z.array(z.number().int().positive()).min(1),
  parValues: z.array(z.number().min(0)).min(1),
});
export type Vocabulary = z.infer<typeof Vocabulary>;
export type EntityTypeSpec = Vocabulary['entityTypes'][number];

/** The generator's word lists (data, validated once). */
export const words: Vocabulary = Vocabulary.parse(JSON.parse(readFileSync(new URL('./vocabulary.json', import.meta.url), 'utf8')));

const weights = <T>(items: readonly T[], weightOf: (t: T) => number) => items.map((value) => [value, weightOf(value)] as const);
export const entityTypeOptions = weights(words.entityTypes, (t) => t.weight);
export const countyOptions = weights(words.counties, (c) => c.weight);
export const foreignJurisdictionOptions = words.foreignJurisdictions.map(([value, weight]) => [value, weight] as const);
export const stockTypeOptions = words.stockTypes.map(([value, weight]) => [value, weight] as const);
