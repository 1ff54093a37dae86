// A real service for the benchmarks: PGlite on disk under a temporary DATA_DIR (the default deployment), or
// PostgreSQL when DATABASE_URL is set, in schemas of its own that are dropped at the end.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { startService, type RunningService } from '../../src/service.ts';
import { openPostgres } from '../../src/store/postgres.ts';

const ADMIN_TOKEN = 'bench-admin-token';

export interface BenchService {
  service: RunningService;
  store: 'PGlite' | 'PostgreSQL';
  call(method: string, path: string, opts?: { key?: string; body?: unknown; admin?: boolean }): Promise<{ status: number; body: any }>;
  newAccount(credits?: number): Promise<{ id: string; apiKey: string }>;
  close(): Promise<void>;
}

export async function startBenchService(env: Record<string, string> = {}): Promise<BenchService> {
  const dataDir = mkdtempSync(join(tmpdir(), 'registrum-bench-'));
  const databaseUrl = process.env.DATABASE_URL;
  const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_TOKEN,
    REGISTERS: 'sandbox',
    SANDBOX_LATENCY: 'none',
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl, DATABASE_SCHEMA: schema, JOBS_SCHEMA: `${schema}_jobs` } : {}),
    ...env,
  });
  const service = await startService(config);
  const call: BenchService['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = {};
    if (opts.key) headers['x-api-key'] = opts.key;
    if (opts.admin) headers.authorization = `Bearer ${ADMIN_TOKEN}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(service.url + path, { method, headers, body: opts.body === undefined ? undefined : JSON.stringify(opts.body) });
    const text = await res.text();
    return { status: res.status, body: text ? JSON.parse(text) : undefined };
  };
  return {
    service,
    store: databaseUrl ? 'PostgreSQL' : 'PGlite',
    call,
    async newAccount(credits = 1e12) {
      const res = await call('POST', '/admin/accounts', { admin: true, body: { name: 'bench', credits } });
      if (res.status !== 201) throw new Error(`account: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.id, apiKey: res.body.apiKey };
    },
    async close() {
      await service.stop();
      if (databaseUrl) {
        const admin = await openPostgres(databaseUrl, { max: 1 });
        await admin.exec(`drop schema if exists ${schema} cascade; drop schema if exists ${schema}_jobs cascade`);
        await admin.close();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
