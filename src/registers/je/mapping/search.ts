import type { SearchResult } from '../../../contract/index.ts';
import { NUMBER_KEY } from '../ids.ts';
import type { EntityPage, SearchRow } from '../registry/pages.ts';
import { normaliseName } from './names.ts';
import { mapStatus } from './status.ts';

const statusOf = (local: string | undefined) => {
  if (!local) return {};
  const s = mapStatus(local);
  return { status: { localName: s.localName, ...(s.active !== undefined ? { active: s.active } : {}) } };
};

/** The one result of a search by registration number (spec §2.11: exact). The pages give no address: Jersey only. */
export function idResultOf(page: EntityPage): SearchResult {
  return {
    id: page.number,
    legalName: page.name,
    countryCode: 'JE',
    address: { countryCode: 'JE' },
    matchReason: { matchType: 'id', identifier: NUMBER_KEY },
    ...statusOf(page.status),
    score: 1,
  };
}

/**
 * The results of a name search, in the registry's order: the same name as the query is `exactLegalName`, a hit on a
 * former name `previousName` (with the name), the rest `default`; the score falls with the registry's rank.
 */
export function nameResultsOf(query: string, rows: SearchRow[]): SearchResult[] {
  const q = normaliseName(query);
  return rows.map((row, i) => {
    const matchType = row.previousName ? 'previousName' : normaliseName(row.name) === q ? 'exactLegalName' : 'default';
    return {
      id: row.number,
      legalName: row.name,
      countryCode: 'JE',
      address: { countryCode: 'JE' },
      matchReason: { matchType, ...(row.previousName ? { matchedName: row.previousName } : {}) },
      ...statusOf(row.status),
      score: Math.round((1 - i / Math.max(rows.length, 1)) * 1000) / 1000,
    };
  });
}
