import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { IndexRules } from '../../../shared/name-index/index.ts';

const stop = z.object({ words: z.array(z.string()) }).parse(JSON.parse(readFileSync(new URL('./stopwords.json', import.meta.url), 'utf8')));
export const STOPWORDS: ReadonlySet<string> = new Set(stop.words);

/** US-NY's legal-form words; a DOS id is a number already. */
export const US_NY_RULES: IndexRules = { stopwords: STOPWORDS, idNumber: Number };
