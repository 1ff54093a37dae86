import type { Company, SearchResult } from '../../contract/index.ts';
import type { SandboxRecord } from '../../sandbox/store.ts';
import { generateCompany, searchViewOf, type SearchView } from './generator.ts';
import { slugOfQuery, vocabulary } from './names.ts';
import { rngFor } from './random.ts';
import { parseStoredRecord, storedView } from './record.ts';
import { isSpecialId } from './special.ts';

type Match = SearchResult['matchReason'];

export interface SearchSources {
  /** The stored companies still in the register. */
  stored: readonly SandboxRecord[];
  /** Any stored entry of an id, removed ones included. */
  lookup(id: string): Promise<SandboxRecord | undefined>;
  idPattern: RegExp;
}

const LEGAL_WORDS = new Set(['ltd', 'limited', 'plc', 'llp']);
export const normName = (s: string) =>
  s
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const tokens = (s: string) =>
  normName(s)
    .split(' ')
    .filter((t) => t && !LEGAL_WORDS.has(t));

function editDistance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

function tokenScore(q: string, n: string): number {
  if (q === n) return 1;
  if (q.length >= 3 && n.startsWith(q)) return 0.8;
  if (q.length >= 4 && editDistance(q, n) <= (q.length >= 8 ? 2 : 1)) return 0.6;
  return 0;
}

/**
 * How well a name answers a query, 0 to 1: every query word must match a word of the name (exactly, as a
 * prefix, or within one or two typos); legal-form words are ignored on both sides.
 */
export function nameScore(query: string, name: string): number {
  const q = tokens(query);
  const n = tokens(name);
  if (q.length === 0 || n.length === 0) return 0;
  let sum = 0;
  for (const qt of q) {
    const best = Math.max(...n.map((nt) => tokenScore(qt, nt)));
    if (best === 0) return 0;
    sum += best;
  }
  return Math.round((sum / Math.max(q.length, n.length)) * 1000) / 1000;
}

/**
 * The best reason a company answers a query, in the order of CONTRACT §3, or undefined. `partialId` is off for
 * generated companies: their ids are the query's own words, so an id prefix says nothing more than the name.
 */
function classify(query: string, id: string, company: SearchView, partialId = true): { match: Match; score: number } | undefined {
  const q = query.trim();
  const name = company.legalName ?? '';
  if (id.toLowerCase() === q.toLowerCase()) return { match: { matchType: 'id', identifier: 'registrationNumber' }, score: 1 };
  if (name && normName(name) === normName(q)) return { match: { matchType: 'exactLegalName' }, score: 1 };
  if (partialId && q.length >= 2 && !/\s/.test(q) && id.toLowerCase().startsWith(q.toLowerCase())) {
    return { match: { matchType: 'partialId', identifier: 'registrationNumber' }, score: Math.round((q.length / id.length) * 1000) / 1000 };
  }
  for (const former of company.legacyLegalNames ?? []) {
    const score = nameScore(q, former);
    if (score > 0) return { match: { matchType: 'previousName', matchedName: former }, score };
  }
  const score = Math.max(nameScore(q, name), ...(company.commercialNames ?? []).map((c) => nameScore(q, c)));
  return score > 0 ? { match: { matchType: 'default' }, score } : undefined;
}

function toResult(id: string, company: SearchView, match: Match, score: number): SearchResult {
  return {
    id,
    legalName: company.legalName ?? id,
    countryCode: 'TEST',
    address: company.legalAddress ?? {},
    matchReason: match,
    ...(company.legalNameInEnglish ? { legalNameInEnglish: company.legalNameInEnglish } : {}),
    ...(company.status ? { status: { localName: company.status.localName, active: company.status.active } } : {}),
    score,
  };
}

// Words that turn a name query into the few companies a real register would list for it.
const VARIANTS = ['HOLDING', 'SERVICES', 'INTERNATIONAL', 'TRADING', 'SOLUTIONS'];

/** The generated companies a query stands for: the id itself, or companies named after it (one formerly so). */
function generatedCandidates(query: string, idPattern: RegExp): { id: string; former?: boolean }[] {
  // An id-like query (digits, dots, underscores) names one company; words name several.
  if (idPattern.test(query) && /[\d._]/.test(query)) return [{ id: query }];
  const slug = slugOfQuery(query);
  if (!slug) return [];
  const words = new Set(slug.split('-'));
  const variants = VARIANTS.filter((v) => !words.has(v)).slice(0, 3);
  const renamedFrom = `${rngFor(slug, 'renamed').pick(vocabulary.companyWords).toUpperCase()}.${slug}`;
  return [{ id: slug }, ...variants.map((v) => ({ id: `${slug}-${v}` })), { id: renamedFrom, former: true }];
}

/**
 * Searches the TEST register: the stored companies first (they may carry any name), then generated companies,
 * whose names and addresses are those their profile returns. Ids the operator stored or removed are never
 * generated here: the stored entry speaks for them.
 */
export async function searchCompanies(query: string, src: SearchSources): Promise<SearchResult[]> {
  const q = query.trim();
  const results = new Map<string, SearchResult>();
  for (const rec of src.stored) {
    if (isSpecialId(rec.companyId) || rec.behaviour.notFound) continue;
    let company: Company;
    try {
      company = storedView(rec.companyId, parseStoredRecord(rec.companyId, rec.record), generateCompany).company;
    } catch {
      continue; // a malformed record fails when fetched; search just leaves it out
    }
    const hit = classify(q, rec.companyId, company);
    if (hit) results.set(rec.companyId, toResult(rec.companyId, company, hit.match, hit.score));
  }
  for (const generated of generatedResults(q, src.idPattern)) {
    if (results.has(generated.id) || (await src.lookup(generated.id))) continue;
    results.set(generated.id, generated);
  }
  return [...results.values()];
}

/**
 * The generated companies a query stands for, each as it answers the query (special ids left out). A pure function
 * of the query, so the answers to the queries asked lately are kept: drawing and scoring them was a tenth of a TEST
 * search's CPU. Frozen, since answers share them.
 */
function generatedResults(q: string, idPattern: RegExp): readonly SearchResult[] {
  const key = `${idPattern.source}\n${q}`;
  const kept = generatedAnswers.get(key);
  if (kept) return kept;
  const answers: SearchResult[] = [];
  for (const cand of generatedCandidates(q, idPattern)) {
    if (isSpecialId(cand.id)) continue;
    const company = searchViewOf(cand.id);
    if (cand.former) {
      const former = company.legacyLegalNames?.[0] ?? '';
      answers.push(toResult(cand.id, company, { matchType: 'previousName', matchedName: former }, nameScore(q, former) || 0.5));
      continue;
    }
    // Every candidate is named after the query, so it is a hit even when the query's digits are not in the name.
    const hit = classify(q, cand.id, company, false) ?? { match: { matchType: 'default' as const }, score: 0.3 };
    answers.push(toResult(cand.id, company, hit.match, hit.score));
  }
  const frozen = Object.freeze(answers.map((a) => Object.freeze(a)));
  if (generatedAnswers.size >= GENERATED_ANSWERS_KEPT) generatedAnswers.delete(generatedAnswers.keys().next().value!);
  generatedAnswers.set(key, frozen);
  return frozen;
}

const generatedAnswers = new Map<string, readonly SearchResult[]>();
const GENERATED_ANSWERS_KEPT = 10_000;
