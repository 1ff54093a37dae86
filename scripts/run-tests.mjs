// Runs every *.test.ts under src/, test/ and clients/typescript/test/ with Node's test runner (through tsx).
// `npm test -- <filter>` runs only the files whose path contains the filter.
import { spawnSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function find(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...find(path));
    else if (name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

const filters = process.argv.slice(2);
// The client package's tests too (an npm workspace): they run against a service started here.
const files = ['src', 'test', 'clients/typescript/test']
  .flatMap((d) => find(d))
  .filter((f) => filters.length === 0 || filters.some((x) => f.includes(x)))
  .sort();
if (files.length === 0) {
  console.error('no test files matched');
  process.exit(1);
}
const backend = process.env.DATABASE_URL ? 'PostgreSQL' : 'embedded PGlite';
console.log(`running ${files.length} test files on ${backend}`);
const result = spawnSync(process.execPath, ['--import', 'tsx', '--test', '--test-concurrency=2', '--test-reporter=spec', ...files], {
  stdio: 'inherit',
});
process.exit(result.status ?? 1);
