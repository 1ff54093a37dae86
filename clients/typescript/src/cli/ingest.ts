import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { UsageError } from './output.ts';

const SCRIPT = join('scripts', 'us-ny-ingest.ts');

/** The service checkout holding the ingestion (it writes to the store directly): `dir`, or the nearest above cwd. */
function serviceDir(dir: string | undefined): string {
  if (dir) {
    if (!existsSync(join(dir, SCRIPT))) throw new UsageError(`${dir} is not a registrum checkout (no ${SCRIPT})`);
    return resolve(dir);
  }
  for (let d = process.cwd(); ; d = dirname(d)) {
    if (existsSync(join(d, SCRIPT))) return d;
    if (dirname(d) === d) throw new UsageError('us-ny ingest runs in a registrum checkout (or give --service-dir)');
  }
}

const mb = (n: number) => `${(n / 1e6).toFixed(1)} MB`;

/**
 * `us-ny ingest FILE`: an operator command that applies a US-NY open-data snapshot to the store the environment names
 * (DATABASE_URL, else DATA_DIR), by running the service's own ingestion, with a progress bar on stderr (the share of
 * the file read; a line per tenth when stderr is not a terminal). Resolves with the ingestion's report.
 */
export function ingestUsNy(
  file: string,
  opts: { names?: string; serviceDir?: string; err: (t: string) => void; tty: boolean; env: Record<string, string | undefined> },
): Promise<{ code: number; report?: Record<string, unknown> }> {
  const cwd = serviceDir(opts.serviceDir);
  if (!existsSync(file)) throw new UsageError(`no such file: ${file}`);
  const args = ['--max-old-space-size=8192', '--import', 'tsx', SCRIPT, resolve(file), '--progress'];
  if (opts.names) args.push('--names', resolve(opts.names));
  const child = spawn(process.execPath, args, { cwd, env: opts.env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let pending = '';
  let lastTenth = -1;
  const started = Date.now();
  const show = (p: { phase: string; bytes: number; total: number }) => {
    const share = p.total ? Math.min(1, p.bytes / p.total) : 1;
    const width = 30;
    const bar = `[${'#'.repeat(Math.round(share * width)).padEnd(width, '-')}] ${String(Math.round(share * 100)).padStart(3)}% ${mb(p.bytes)} / ${mb(p.total)} ${p.phase} ${((Date.now() - started) / 1000).toFixed(0)}s`;
    if (opts.tty) process.stderr.write(`\r${bar}${p.phase === 'done' ? '\n' : ''}`);
    else if (Math.floor(share * 10) > lastTenth || p.phase === 'done') {
      lastTenth = Math.floor(share * 10);
      opts.err(bar);
    }
  };
  child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => {
    pending += c.toString();
    const lines = pending.split('\n');
    pending = lines.pop() ?? '';
    for (const line of lines) {
      const progress = line.startsWith('{"progress"')
        ? (JSON.parse(line) as { progress: { phase: string; bytes: number; total: number } }).progress
        : undefined;
      if (progress) show(progress);
      else if (line.trim()) opts.err(line);
    }
  });
  return new Promise((done) =>
    child.on('exit', (code) => {
      let report: Record<string, unknown> | undefined;
      try {
        report = JSON.parse(stdout) as Record<string, unknown>;
      } catch {
        /* the ingestion failed before its report: its stderr says why */
      }
      done({ code: code ?? 1, report });
    }),
  );
}
