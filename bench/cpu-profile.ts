// Where each thread of a profiled service spent its time: the V8 CPU profiles that `bench:request-path --cpu-prof`
// has the service write (Node's --cpu-prof, one file per thread), summed up. For every profile: its idle share and its
// busiest source files by self time; for the embedded store's worker thread (the one running PGlite's WebAssembly),
// also PostgreSQL's own functions by inclusive time, named from the module's exports (bench/support/wasm-exports.ts):
// the executor's start, run and finish (a data-modifying CTE's writes and the foreign keys' checks run in its
// finish), the commit and its log write, the parameters' input functions, the file system calls.
//
//   npm run bench:cpu-profile -- .prof                 # every profile in the folder
//   npm run bench:cpu-profile -- .prof/CPU.….cpuprofile --top=40
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileOfFrame, inclusiveShares, readCpuProfile, selfShares, type FrameName } from './support/cpu-profile.ts';
import { flags } from './support/flags.ts';
import { exportedFunctionNames } from './support/wasm-exports.ts';

const args = flags();
const TOP = Number(args.get('top') ?? 20);
/** PostgreSQL's loop over one protocol message: everything the store's thread does for a statement is under it. */
const POSTGRES_ROOT = 'PostgresMainLoopOnce';

const paths = process.argv
  .slice(2)
  .filter((a) => !a.startsWith('--'))
  .flatMap((path) =>
    statSync(path).isDirectory()
      ? readdirSync(path)
          .filter((f) => f.endsWith('.cpuprofile'))
          .sort()
          .map((f) => join(path, f))
      : [path],
  );
if (paths.length === 0) {
  console.error('usage: npm run bench:cpu-profile -- <profile or folder of profiles> [--top=N]');
  process.exit(2);
}

const pgliteWasm = join(dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite')), 'pglite.wasm');
let wasmNames: Map<number, string> | undefined;
/** PostgreSQL's function for a WebAssembly frame, when exported; JavaScript frames are skipped. */
const postgresFunction: FrameName = ({ functionName }) => {
  const index = /^wasm-function\[(\d+)\]$/.exec(functionName)?.[1];
  return index === undefined ? undefined : (wasmNames ??= exportedFunctionNames(pgliteWasm)).get(Number(index));
};

const percent = (share: number) => `${(100 * share).toFixed(1).padStart(5)} %`;

for (const path of paths) {
  const profile = readCpuProfile(path);
  const files = selfShares(profile, fileOfFrame);
  console.log(`\n${path}: ${(profile.totalUs / 1e6).toFixed(1)} s sampled`);
  console.log('  by self time (source file, or what the runtime was doing):');
  for (const [name, share] of files.slice(0, TOP)) console.log(`  ${percent(share)}  ${name}`);
  const postgres = inclusiveShares(profile, postgresFunction, POSTGRES_ROOT);
  if (postgres.ofProfile === 0) continue;
  console.log(`  PostgreSQL (${percent(postgres.ofProfile).trim()} of the thread under ${POSTGRES_ROOT}), by inclusive time:`);
  for (const [name, share] of postgres.shares.slice(0, TOP)) console.log(`  ${percent(share)}  ${name}`);
}
