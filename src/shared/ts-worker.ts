import { Worker } from 'node:worker_threads';

/**
 * Starts a worker thread from a module of this source tree. Node 20 does not run the process's `--import tsx` in a
 * worker before its entry module, so a TypeScript entry is loaded by a two-line bootstrap that registers tsx's loader
 * first (resolved from here, as the service resolves it); a compiled `.js` entry is started as it is.
 */
export function startTsWorker(entry: URL, workerData: unknown): Worker {
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry, { workerData });
  const tsx = import.meta.resolve('tsx/esm/api');
  const boot = `import(${JSON.stringify(tsx)}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry.href)}); });`;
  return new Worker(boot, { eval: true, workerData });
}
