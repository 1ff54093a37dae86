// No import cycle between the top-level modules of src/ (issue 20; DESIGN.md: "nothing calls back up the chain"):
// madge reads every import of src/**/*.ts (type-only imports included: a type import is a dependency of the design
// too), the files are grouped by their top-level module (src/<module>/…, or the file itself for src/*.ts), and any
// group of modules that import each other, directly or round a loop, fails. Tests are left out: a test may reach
// across modules to set up a scenario. Run by `npm run lint` (so CI runs it): `npm run check:cycles`.
import { relative, resolve } from 'node:path';
import madge from 'madge';

// CHECK_ROOT: another tree to check (test/tooling/checks.test.ts shows the check failing on a planted violation).
const ROOT = resolve(process.env.CHECK_ROOT ?? resolve(import.meta.dirname, '..'));
const SRC = resolve(ROOT, 'src');

const result = await madge(SRC, {
  fileExtensions: ['ts'],
  tsConfig: resolve(import.meta.dirname, '..', 'tsconfig.json'),
  excludeRegExp: [/\.test\.ts$/],
  detectiveOptions: { ts: { skipTypeImports: false }, es6: { skipTypeImports: false } },
});

/** `accounts`, `registers`, … or `service.ts` for a file directly under src/. */
const moduleOf = (file: string) => file.split('/')[0]!;

const graph = new Map<string, Map<string, string[]>>();
for (const [file, deps] of Object.entries(result.obj())) {
  const from = moduleOf(file);
  for (const dep of deps) {
    const to = moduleOf(dep);
    if (to === from || relative(SRC, resolve(SRC, dep)).startsWith('..')) continue;
    const edges = graph.get(from) ?? new Map<string, string[]>();
    edges.set(to, [...(edges.get(to) ?? []), `${file} -> ${dep}`]);
    graph.set(from, edges);
  }
}

// Tarjan's strongly connected components: each component of more than one module is a cycle.
const index = new Map<string, number>();
const low = new Map<string, number>();
const stack: string[] = [];
const onStack = new Set<string>();
const cycles: string[][] = [];
const visit = (v: string) => {
  index.set(v, index.size);
  low.set(v, index.get(v)!);
  stack.push(v);
  onStack.add(v);
  for (const w of graph.get(v)?.keys() ?? []) {
    if (!index.has(w)) {
      visit(w);
      low.set(v, Math.min(low.get(v)!, low.get(w)!));
    } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
  }
  if (low.get(v) === index.get(v)) {
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1) cycles.push(component.sort());
  }
};
for (const v of graph.keys()) if (!index.has(v)) visit(v);

if (cycles.length > 0) {
  const lines = cycles.flatMap((modules) => [
    `cycle between ${modules.join(', ')}:`,
    ...modules.flatMap((a) => modules.flatMap((b) => (graph.get(a)?.get(b) ?? []).slice(0, 3).map((e) => `  ${e}`))),
  ]);
  console.error(`import cycles between top-level modules (see scripts/check-cycles.ts)\n${lines.join('\n')}`);
  process.exit(1);
}
console.log(`module cycles: ${Object.keys(result.obj()).length} files in ${graph.size} modules, no cycle`);
