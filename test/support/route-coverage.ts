import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { routeKey, type Route } from './route-inventory.ts';

/** The tests of one route: titles of its happy-path tests and of its error tests, with where they are. */
export interface RouteTests {
  happy: string[];
  errors: string[];
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
      const titles = testsOf(body).map((t) => t.title);
      const tests = found.get(block[1]!) ?? { happy: [], errors: [] };
      tests.happy.push(...titles.filter((t) => t.startsWith('happy:')).map((t) => `${name} › ${t}`));
      tests.errors.push(...titles.filter((t) => t.startsWith('error:')).map((t) => `${name} › ${t}`));
      found.set(block[1]!, tests);
    });
  }
  return found;
}

/** Each test of a file with its body: the text from its `it(` to the next one. */
function testsOf(text: string): { title: string; body: string }[] {
  const starts = [...text.matchAll(/\bit\(\s*(['"`])((?:(?!\1)[^\\]|\\.)*)\1/g)];
  return starts.map((m, i) => ({ title: m[2]!, body: text.slice(m.index, starts[i + 1]?.index ?? text.length) }));
}

const MATRIX = 'api/security-matrix.test.ts';

/**
 * What is wrong with references (`<file under testRoot> › <start of a title>`) to the tests of a route: one that
 * names no test, and one whose test never mentions the route's path (its part before the first parameter), so it
 * cannot be calling it.
 */
export function referenceProblems(
  testRoot: string,
  scenarios: Readonly<Record<string, { happy?: string[]; errors?: string[] }>>,
): string[] {
  const problems: string[] = [];
  for (const [key, refs] of Object.entries(scenarios)) {
    const path = key.slice(key.indexOf(' ') + 1).split(/[:*]/)[0]!;
    for (const ref of [...(refs.happy ?? []), ...(refs.errors ?? [])]) {
      const [file, title] = ref.split(' › ') as [string, string | undefined];
      const full = join(testRoot, file);
      const test = title && existsSync(full) ? testsOf(readFileSync(full, 'utf8')).find((t) => t.title.startsWith(title)) : undefined;
      // Paths in regular expressions are written with escaped slashes.
      if (!test) problems.push(`${key}: no test ${ref}`);
      // The security matrix calls every route of the app's table without naming any (test/api/security-matrix.test.ts).
      else if (file === MATRIX) continue;
      else if (!test.body.replaceAll('\\/', '/').includes(path)) problems.push(`${key}: ${ref} never mentions ${path}`);
    }
  }
  return problems;
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
