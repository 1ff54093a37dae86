// Accuracy of the CN activity classifier on the hand-labelled business scopes, against a trivial baseline (always
// the most frequent classes of the set), in the same run. `node --import tsx bench/cn-activity-accuracy.ts`.
import { readFileSync } from 'node:fs';
import { DictionaryClassifier } from '../src/enrichment/activities/classifier.ts';
import { naceByCode } from '../src/enrichment/reference/activities.ts';

interface Labelled {
  scope: string;
  nace: string;
}
const { scopes } = JSON.parse(readFileSync(new URL('../src/enrichment/activities/cn-labelled-scopes.json', import.meta.url), 'utf8')) as {
  scopes: Labelled[];
};
for (const s of scopes) if (naceByCode(s.nace)?.level !== 4) throw new Error(`label ${s.nace} is not a NACE class`);

const classifier = new DictionaryClassifier();
const started = performance.now();
let top1 = 0;
let top3 = 0;
let division1 = 0;
let empty = 0;
const misses: string[] = [];
for (const s of scopes) {
  const ranked = classifier.classifySync(s.scope).map((p) => p.nace);
  if (ranked.length === 0) empty++;
  if (ranked[0] === s.nace) top1++;
  else misses.push(`  ${s.nace} ← ${ranked.slice(0, 3).join(', ') || '(none)'}  ${s.scope.slice(0, 40)}…`);
  if (ranked.slice(0, 3).includes(s.nace)) top3++;
  if (ranked[0]?.slice(0, 2) === s.nace.slice(0, 2)) division1++;
}
const ms = performance.now() - started;

// The trivial baseline: the most frequent labels of the set, whatever the scope says.
const freq = new Map<string, number>();
for (const s of scopes) freq.set(s.nace, (freq.get(s.nace) ?? 0) + 1);
const common = [...freq].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).map(([c]) => c);
const base1 = scopes.filter((s) => s.nace === common[0]).length;
const base3 = scopes.filter((s) => common.slice(0, 3).includes(s.nace)).length;

const pct = (n: number) => `${((100 * n) / scopes.length).toFixed(1)}%`;
console.log(`CN business-scope activity inference: ${scopes.length} labelled scopes, ${freq.size} distinct NACE classes`);
console.log(
  `classifier ${classifier.name}: top-1 ${pct(top1)} (${top1}), top-3 ${pct(top3)} (${top3}), top-1 division ${pct(division1)}, no answer ${empty}, ${(ms / scopes.length).toFixed(2)} ms/scope`,
);
console.log(
  `baseline most-frequent-class (${common.slice(0, 3).join(', ')}): top-1 ${pct(base1)} (${base1}), top-3 ${pct(base3)} (${base3})`,
);
if (process.argv.includes('--misses')) console.log(`misses (label ← predicted top 3):\n${misses.join('\n')}`);
