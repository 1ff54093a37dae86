// The GB search benches' labelled queries: what a user types into a search box to find a sampled company.
import type { SearchResult } from '../../src/contract/index.ts';
import { gbStopwords } from '../../src/registers/gb/search/rules.ts';
import { Rng } from '../../src/sandbox/random.ts';
import { tokenize } from '../../src/shared/name-index/index.ts';
import type { GeneratedCompany } from './gb-companies.ts';
import { edit as typoEdit } from './typo-edit.ts';

export type QueryKind = 'exact' | 'prefix' | 'typo1' | 'typo2' | 'previous';
export const QUERY_KINDS: QueryKind[] = ['exact', 'prefix', 'typo1', 'typo2', 'previous'];

/** A query and the company it was drawn from; `name` is the name it was drawn from (current, or the previous one). */
export interface GbQuery {
  kind: QueryKind;
  query: string;
  target: string;
  name: string;
}

const stop = gbStopwords();
/** A name's significant words: what tells it apart (legal forms and articles dropped). */
export const significant = (name: string) => tokenize(name).filter((t) => !stop.has(t));
/** A name as pg_trgm compares it (its significant words, or all of them when it has none). */
export const trigramNorm = (name: string) => {
  const sig = significant(name);
  return (sig.length ? sig : tokenize(name)).join(' ');
};

/**
 * A name as typed into a search box: its words up to the last significant one, so the legal ending ("LIMITED",
 * "LTD") is left off but words inside the name ("SMITH & JONES": "smith and jones") are kept.
 */
function typed(name: string): string[] {
  const words = tokenize(name);
  let end = words.length;
  while (end > 0 && stop.has(words[end - 1]!)) end--;
  return end ? words.slice(0, end) : words;
}

/**
 * The query mix, each labelled with its company: the exact name; a prefix (the name as typed, stopped halfway
 * through its last word, as a search box sees it mid-word); one typo (one edit inside one word of 4 letters or
 * more); two typos in a word of 8 or more; a previous name.
 */
export function gbQueries(sample: readonly GeneratedCompany[], formerSample: readonly GeneratedCompany[]): GbQuery[] {
  const rng = Rng.of(7);
  const edit = (w: string) => typoEdit(rng, w);
  const queries: GbQuery[] = [];
  for (const c of sample) {
    const words = typed(c.name);
    if (!significant(c.name).length) continue;
    const label = { target: c.number, name: c.name };
    queries.push({ kind: 'exact', query: c.name, ...label });
    const last = words.at(-1)!;
    if (words.length >= 2)
      queries.push({
        kind: 'prefix',
        query: [...words.slice(0, -1), last.slice(0, Math.max(2, Math.ceil(last.length / 2)))].join(' '),
        ...label,
      });
    const long = words.map((w, i) => [w, i] as const).filter(([w]) => w.length >= 4 && !stop.has(w));
    if (long.length) {
      const [w, i] = rng.pick(long);
      queries.push({ kind: 'typo1', query: words.map((x, k) => (k === i ? edit(w) : x)).join(' '), ...label });
    }
    const veryLong = long.filter(([w]) => w.length >= 8);
    if (veryLong.length) {
      const [w, i] = rng.pick(veryLong);
      queries.push({ kind: 'typo2', query: words.map((x, k) => (k === i ? edit(edit(w)) : x)).join(' '), ...label });
    }
  }
  for (const c of formerSample) queries.push({ kind: 'previous', query: c.previousNames[0]!, target: c.number, name: c.previousNames[0]! });
  return queries;
}

/** The names a result answers by: its legal name, and the previous name that matched (name@10). */
export const namesOf = (r: SearchResult): string[] =>
  r.matchReason.matchType === 'previousName' && r.matchReason.matchedName ? [r.legalName, r.matchReason.matchedName] : [r.legalName];
