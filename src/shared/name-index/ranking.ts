/**
 * How the name index ranks (Segment.scan), in one place. A query's significant words (the register's legal-form
 * words and articles left out) each stand for vocabulary words with a weight out of 100:
 *   - the word itself: W_EXACT;
 *   - the last word, as a prefix being typed: every word it starts (PREFIX_EXPANSION), shorter completions first;
 *   - within its typo budget (src/shared/typos.ts): W_TYPO by distance, a little less when the first letter differs.
 * A name must hold every query word (a second pass admits names missing one, at PARTIAL); its score is the mean of
 * the best weights it holds, times 0.7 + 0.3 × (query words ÷ the name's significant words, at most 1), so that a
 * name with extra words ranks below one without. Then:
 *   - a name holding the matched words in another order than the query's: × OUT_OF_ORDER;
 *   - when the query had to be completed or corrected (a weight below W_EXACT, or a word missed), the fourth and later
 *     companies bearing the same name (name-repeats.ts): × GUESS_COPY;
 *   - only the query as written (every word, in order, legal form included) scores 1; anything else at most
 *     NOT_EXACT_MAX.
 * Ties, for a place in a segment's top: the name with fewer significant words, then the lower name id (the postings'
 * order, which lets a scan stop on a tie: scanner.ts); in the results, the entity's name (NameIndex.search).
 */

/** Word weights, out of 100: how well a word of a name answers a word of the query. */
export const W_EXACT = 100;
const W_TYPO = [0, 75, 60];
/**
 * Typos in a word's first letter are rarer than further in (a long-standing observation of spelling correction;
 * pg_trgm's padded trigrams also weigh a word's start): a candidate with another first letter counts a little less.
 */
const FIRST_LETTER_TYPO = 5;

/** A word `distance` edits from the query word's. */
export const typoWeight = (distance: number, sameFirstLetter: boolean) => W_TYPO[distance]! - (sameFirstLetter ? 0 : FIRST_LETTER_TYPO);

/** A word that the query's last word starts: 85 to 95, the more of it typed the better ("constr": CONSTRUCT first). */
export const prefixWeight = (typed: number, wordLength: number) => 85 + Math.round((10 * typed) / wordLength);

/**
 * How many vocabulary words the last query word may stand for as a prefix. A word being typed must reach every
 * word it starts (cutting "quaqu" to its 64 commonest completions lost the rarer ones for good), so the range is
 * taken whole up to this bound; past it (a two-letter prefix over millions of names) its commonest words.
 */
export const PREFIX_EXPANSION = 4096;

/** Names missing one query word (the second pass, when the first finds too few). */
export const PARTIAL = 0.6;

/**
 * A name whose matched words come in another order than the query's ranks a little lower: "davis and brown" is
 * "DAVIS & BROWN" before "BROWN & DAVIS", which holds the same words and would otherwise tie with it.
 */
export const OUT_OF_ORDER = 0.98;

/**
 * When a query had to be completed or corrected, the companies bearing the same guessed name past the first
 * GUESS_COPIES_SHOWN rank lower: "kumar ca" shows KUMAR CAFE, KUMAR CARE, KUMAR CAPITAL… before the fourth KUMAR
 * CAFE, and a typo shows its other corrections. Small enough (0.97) that a clearly better guess keeps its copies
 * above weaker matches: it only reorders guesses that answer the query about as well.
 */
export const GUESS_COPIES_SHOWN = 3;
export const GUESS_COPY = 0.97;

/** The best score of a name other than the query as written, which alone scores 1. */
export const NOT_EXACT_MAX = 0.99;
