import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeKey, type Route } from './route-inventory.ts';

/** The tests of one route: titles of its happy-path tests and of its error tests, with where they are. */
export interface RouteTests {
  happy: string[];
  errors: string[];
}

/** Test titles as the file writes them: `it('…'`, `it("…"`, `` it(`…` ``, the raw text up to the closing quote. */
function testTitles(text: string): string[] {
  return [...text.matchAll(/\bit\(\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g)].map((m) => m[2]!);
}

/**
 * The per-route test files' tests by route: each `describe('METHOD /url', …)` block holds that route's tests, titled
 * `happy: …` or `error: …` (the block runs to the next route's block).
 */
export function perRouteTests(dir: string): Map<string, RouteTests> {
  const found = new Map<string, RouteTests>();
  for (const name of readdirSync(dir).filter((f) => f.endsWith('.test.ts'))) {
    const text = readFileSync(join(dir, name), 'utf8');
    const blocks = [...text.matchAll(/describe\(\s*'((?:GET|POST|PUT|PATCH|DELETE) \/[^']*)'/g)];
    blocks.forEach((block, i) => {
      const body = text.slice(block.index, blocks[i + 1]?.index ?? text.length);
      const titles = testTitles(body);
      const tests = found.get(block[1]!) ?? { happy: [], errors: [] };
      tests.happy.push(...titles.filter((t) => t.startsWith('happy:')).map((t) => `${name} › ${t}`));
      tests.errors.push(...titles.filter((t) => t.startsWith('error:')).map((t) => `${name} › ${t}`));
      found.set(block[1]!, tests);
    });
  }
  return found;
}

/** References (`<file under testRoot> › <start of a title>`) that name no test. */
export function missingReferences(testRoot: string, refs: readonly string[]): string[] {
  return refs.filter((ref) => {
    const [file, title] = ref.split(' › ') as [string, string | undefined];
    const path = join(testRoot, file);
    if (!title || !existsSync(path)) return true;
    return !testTitles(readFileSync(path, 'utf8')).some((t) => t.startsWith(title));
  });
}

/**
 * What is wrong with the coverage of `routes`: a route without a happy-path test or without an error test, and
 * a test entry for a route the app does not serve (a renamed or removed route). Empty when every route is covered.
 */
export function coverageProblems(
  routes: readonly Route[],
  perRoute: ReadonlyMap<string, RouteTests>,
  scenarios: Readonly<Record<string, { happy?: string[]; errors?: string[] }>>,
): string[] {
  const served = new Set(routes.map(routeKey));
  const problems: string[] = [];
  for (const key of served) {
    const happy = [...(perRoute.get(key)?.happy ?? []), ...(scenarios[key]?.happy ?? [])];
    const errors = [...(perRoute.get(key)?.errors ?? []), ...(scenarios[key]?.errors ?? [])];
    if (happy.length === 0) problems.push(`${key}: no happy-path test`);
    if (errors.length === 0) problems.push(`${key}: no error test`);
  }
  for (const key of new Set([...perRoute.keys(), ...Object.keys(scenarios)])) {
    if (!served.has(key)) problems.push(`${key}: tested, but the app serves no such route`);
  }
  return problems;
}
