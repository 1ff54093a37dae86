import { MATCH_TYPES, type SearchResult } from '../contract/index.ts';

const ORDER = new Map(MATCH_TYPES.map((t, i) => [t, i]));

/**
 * Merges results of several sources: one entry per company id, keeping its best match; ordered by
 * match type (id, exactLegalName, partialId, previousName, default), then by score, then by name.
 */
export function mergeAndRank(lists: SearchResult[][]): SearchResult[] {
  const best = new Map<string, SearchResult>();
  for (const r of lists.flat()) {
    const key = `${r.countryCode}:${r.id}`;
    const prev = best.get(key);
    if (!prev || compare(r, prev) < 0) best.set(key, r);
  }
  return [...best.values()].sort(compare);
}

function compare(a: SearchResult, b: SearchResult): number {
  return (
    (ORDER.get(a.matchReason.matchType) ?? 99) - (ORDER.get(b.matchReason.matchType) ?? 99) ||
    (b.score ?? 0) - (a.score ?? 0) ||
    a.legalName.localeCompare(b.legalName)
  );
}
