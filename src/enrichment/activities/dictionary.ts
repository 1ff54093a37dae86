import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { lazy } from '../reference/files.ts';
import { naceByCode } from '../reference/activities.ts';

export interface DictionaryTerm {
  term: string;
  /** A NACE Rev. 2 class (level 4), as `62.01`. */
  nace: string;
  weight: number;
}

const File = z.object({
  terms: z.array(
    z.union([z.tuple([z.string().min(1), z.string()]), z.tuple([z.string().min(1), z.string(), z.number().positive().max(2)])]),
  ),
});

/**
 * The curated Chinese term dictionary (data: cn-terms.json), checked against the NACE list: an unknown code or one
 * that is not a class fails at load, so a typo cannot reach a response. Sorted longest first, so that the longest
 * term of an item wins.
 */
export const dictionaryTerms = lazy((): readonly DictionaryTerm[] => {
  // Read with NFKC like the scopes, so full-width and half-width brackets compare equal.
  const raw = File.parse(JSON.parse(readFileSync(new URL('./cn-terms.json', import.meta.url), 'utf8')));
  const terms = raw.terms.map(([term, nace, weight]) => {
    const item = naceByCode(nace);
    if (!item || item.level !== 4) throw new Error(`cn-terms.json: ${nace} (for ${term}) is not a NACE Rev. 2 class`);
    return { term: term.normalize('NFKC'), nace: item.code, weight: weight ?? 1 };
  });
  return terms.sort((a, b) => b.term.length - a.term.length);
});
