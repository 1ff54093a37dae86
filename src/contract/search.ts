import { z } from 'zod';
import { Address, ResultCountryCode, SearchCountry } from './common.ts';

export const MATCH_TYPES = ['id', 'exactLegalName', 'partialId', 'previousName', 'default'] as const;
export const MatchType = z.enum(MATCH_TYPES).meta({ id: 'MatchType' });
export type MatchType = z.infer<typeof MatchType>;

const booleanQuery = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1')
  .optional();

export const SearchQuery = z
  .object({
    country: SearchCountry,
    query: z.string().trim().min(1, 'query must not be empty').max(200),
    stream: booleanQuery.describe('true: Server-Sent Events (send Accept: text/event-stream).'),
    transliterate: booleanQuery.describe('true: romanise names, addresses and descriptions in the response.'),
  })
  .strict();
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchResult = z
  .object({
    id: z.string(),
    legalName: z.string(),
    countryCode: ResultCountryCode,
    address: Address,
    matchReason: z.object({
      matchType: MatchType,
      identifier: z.string().optional().describe('The identifier that matched, for `id` and `partialId`.'),
      matchedName: z.string().optional().describe('The former or assumed name that matched, for `previousName`.'),
    }),
    legalNameInEnglish: z.string().optional(),
    companyNameTransliterations: z.array(z.string()).optional(),
    status: z.object({ localName: z.string().optional(), active: z.boolean().optional() }).optional(),
    score: z.number().optional().describe('Relevance within the match type, 0 to 1.'),
  })
  .meta({ id: 'SearchResult' });
export type SearchResult = z.infer<typeof SearchResult>;

export const SearchResponse = z.array(SearchResult).meta({ id: 'SearchResults' });
