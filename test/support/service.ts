import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../src/config.ts';
import { startService, type RunningService, type StartOptions } from '../../src/service.ts';
import { openTestDb } from './db.ts';

export const ADMIN_TOKEN = 'test-admin-token';

/**
 * A real service on a free loopback port for one test file: embedded PGlite in memory, or, when
 * DATABASE_URL is set, PostgreSQL in a schema of its own that is dropped at the end.
 */
export interface TestService extends RunningService {
  /** fetch against the service with JSON in and out. */
  call(
    method: string,
    path: string,
    opts?: { key?: string; body?: unknown; headers?: Record<string, string>; admin?: boolean },
  ): Promise<{ status: number; body: any; headers: Headers }>;
  /** Creates an account through the operator API; returns its id and key. */
  newAccount(opts?: { credits?: number; usNy?: boolean; name?: string }): Promise<{ id: string; apiKey: string }>;
  close(): Promise<void>;
}

export async function startTestService(
  env: Record<string, string> = {},
  opts: Pick<StartOptions, 'webhookGuard' | 'logger'> = {},
): Promise<TestService> {
  const { db, jobsSchema, drop } = await openTestDb();
  // Document blobs go to a directory of this service's own, removed at the end.
  const dataDir = mkdtempSync(join(tmpdir(), 'registrum-test-'));
  const config = loadConfig({
    PORT: '0',
    HOST: '127.0.0.1',
    ADMIN_TOKEN,
    SANDBOX_LATENCY: 'none',
    JOBS_SCHEMA: jobsSchema,
    DATA_DIR: dataDir,
    // Test files make many calls from 127.0.0.1; the per-address limit has tests of its own that lower it.
    RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '1000000',
    // Every response the suite sees proves the compiled serialiser against zod's.
    RESPONSE_SERIALIZER_CHECK: 'on',
    ...env,
  });
  const service = await startService(config, { db, ...opts });

  const call: TestService['call'] = async (method, path, opts = {}) => {
    const headers: Record<string, string> = { ...opts.headers };
    if (opts.key) headers['x-api-key'] = opts.key;
    if (opts.admin) headers.authorization = `Bearer ${ADMIN_TOKEN}`;
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    const res = await fetch(service.url + path, {
      method,
      headers,
      body: opts.body === undefined ? undefined : typeof opts.body === 'string' ? opts.body : JSON.stringify(opts.body),
    });
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* not JSON: keep the text */
    }
    return { status: res.status, body, headers: res.headers };
  };

  return {
    ...service,
    call,
    async newAccount(opts = {}) {
      const res = await call('POST', '/admin/accounts', {
        admin: true,
        body: { name: opts.name ?? 'Test account', credits: opts.credits ?? 1_000_000, features: { usNy: opts.usNy ?? false } },
      });
      if (res.status !== 201) throw new Error(`account creation failed: ${res.status} ${JSON.stringify(res.body)}`);
      return { id: res.body.id, apiKey: res.body.apiKey };
    },
    async close() {
      await service.stop();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Polls `fn` until it returns a truthy value or `timeoutMs` passes. */
/** JSON calls to a service started without the test wrapper (several lifetimes on one store), as `TestService.call`. */
export async function callService(
  svc: RunningService,
  method: string,
  path: string,
  opts: { key?: string; body?: unknown; admin?: boolean } = {},
): Promise<{ status: number; body: any }> {
  const res = await fetch(svc.url + path, {
    method,
    headers: {
      ...(opts.body === undefined ? {} : { 'content-type': 'application/json' }),
      ...(opts.key ? { 'x-api-key': opts.key } : {}),
      ...(opts.admin ? { authorization: `Bearer ${ADMIN_TOKEN}` } : {}),
    },
    body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

export async function eventually<T>(fn: () => Promise<T | undefined | false>, timeoutMs = 10_000, everyMs = 50): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await fn();
    if (value) return value;
    if (Date.now() > end) throw new Error(`condition not met within ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
