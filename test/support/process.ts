import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgres } from '../../src/store/postgres.ts';

const MAIN = new URL('../../src/main.ts', import.meta.url).pathname;

export interface ServiceProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** SIGKILL: no shutdown code runs, as in a crash. */
  kill(): Promise<void>;
  stop(): Promise<void>;
}

/**
 * A place for a service process's data that survives its restarts: a data directory on the embedded
 * store, or schemas of their own on PostgreSQL (DATABASE_URL).
 */
export function processStorage(): { env: Record<string, string>; cleanup(): Promise<void> } {
  const url = process.env.DATABASE_URL;
  // Document blobs live under DATA_DIR on either store.
  const dir = mkdtempSync(join(tmpdir(), 'registrum-proc-'));
  if (url) {
    const schema = `p_${randomBytes(6).toString('hex')}`;
    return {
      env: { DATABASE_URL: url, DATABASE_SCHEMA: schema, JOBS_SCHEMA: `${schema}_jobs`, DATA_DIR: dir },
      async cleanup() {
        const admin = await openPostgres(url, { max: 1 });
        await admin.exec(`drop schema if exists ${schema}_jobs cascade; drop schema if exists ${schema} cascade`);
        await admin.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  }
  return { env: { DATA_DIR: dir }, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * Starts `src/main.ts` as `npm start` does and waits until it listens. `preload`: modules imported before it (a
 * benchmark's probe); `ipc`: a message channel to the child; `nodeOptions`: Node's own options (a benchmark's
 * `--cpu-prof`, which Node refuses in NODE_OPTIONS).
 */
export async function startProcess(
  env: Record<string, string>,
  opts: { preload?: string[]; ipc?: boolean; nodeOptions?: string[] } = {},
): Promise<ServiceProcess> {
  const args = [...(opts.nodeOptions ?? []), '--import', 'tsx', ...(opts.preload ?? []).flatMap((m) => ['--import', m]), MAIN];
  const child = spawn(process.execPath, args, {
    // Tests call from 127.0.0.1 only: the per-address limit (tested in test/api/address-rate-limit.test.ts) is lifted.
    env: {
      ...process.env,
      PORT: '0',
      LOG_LEVEL: 'info',
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
      RESPONSE_SERIALIZER_CHECK: 'on',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe', ...(opts.ipc ? (['ipc'] as const) : [])],
  });
  let output = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = await new Promise<string>((resolve, reject) => {
    let listening = false;
    const onData = (chunk: Buffer) => {
      const text = chunk.toString();
      // Only until the line is found, and only over the text that can still hold it (a line, even its URL, may span
      // two chunks): matched over all the output at every chunk, a benchmark's relay of the service's log lines cost
      // more CPU per request than the load generator itself.
      if (!listening) {
        const m = /listening on (http:\/\/[\d.:]+)[^\d.:]/.exec(output.slice(output.lastIndexOf('\n') + 1) + text);
        if (m) {
          listening = true;
          resolve(m[1]!);
        }
      }
      output += text;
      // A long-running process (a benchmark's) logs without end: keep the last 100 kB.
      if (output.length > 1e6) output = output.slice(-1e5);
    };
    child.stdout!.on('data', onData);
    child.stderr!.on('data', onData);
    child.once('exit', (code) => reject(new Error(`exited ${code}: ${output}`)));
  });
  return {
    child,
    url,
    output: () => output,
    async kill() {
      child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

/** JSON calls to service processes (whichever is up), as the account `key` or, with `admin`, as the operator. */
export function processClient(key: string, adminToken: string) {
  return (base: string, method: string, path: string, body?: unknown, admin = false) =>
    fetch(base + path, {
      method,
      headers: { 'content-type': 'application/json', ...(admin ? { authorization: `Bearer ${adminToken}` } : { 'x-api-key': key }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    }).then(async (r) => ({ status: r.status, body: await r.json() }));
}
