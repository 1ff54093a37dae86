import type { ZodType } from 'zod';
import { RegisterError } from '../../errors.ts';

export const SOURCE = 'MT Business Registry online system';

/** Where the system is: a fixed URL (live) or one known once the in-process emulator listens (sandbox). */
export type RegistryLocation = () => Promise<string>;

/** The system refused the session token (expired, revoked, unknown): log in again. Never leaves the portal folder. */
export class SessionRejected extends Error {
  constructor() {
    super('the MT registry refused the session');
  }
}

export interface CallOptions {
  signal: AbortSignal;
  token?: string;
  body?: unknown;
}

/**
 * One HTTP exchange with the system, its failures in register terms: transport failures, 409, 429 and 5xx are
 * `service_unavailable` (retryable); 404 `resource_not_found`; a refused session `SessionRejected`; refused
 * credentials `service_unavailable` that is not retried (an operator must fix them); anything unreadable
 * `processing_failed`.
 */
export async function exchange(base: string, method: string, path: string, opts: CallOptions): Promise<Response> {
  let res: Response;
  try {
    res = await fetch(base + path, {
      method,
      signal: opts.signal,
      headers: {
        accept: 'application/json, application/pdf',
        ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
    });
  } catch (err) {
    if (opts.signal.aborted) throw opts.signal.reason ?? err;
    throw RegisterError.unavailable(`the MT registry cannot be reached: ${(err as Error).message}`, SOURCE);
  }
  if (res.ok) return res;
  const error = await errorOf(res);
  if (res.status === 401 && error.code === 'SESSION_EXPIRED') throw new SessionRejected();
  if (res.status === 401 && error.code === 'INVALID_CREDENTIALS') {
    throw new RegisterError(
      'service_unavailable',
      'the MT registry refused the connector’s username or password (MT_USERNAME, MT_PASSWORD)',
      false,
      SOURCE,
    );
  }
  if (res.status === 404) throw RegisterError.notFound(`the MT registry has no such record (${error.text})`, SOURCE);
  if (res.status >= 500 || res.status === 401 || res.status === 409 || res.status === 429) {
    throw RegisterError.unavailable(`the MT registry answered ${res.status} (${error.text})`, SOURCE);
  }
  throw new RegisterError('processing_failed', `the MT registry answered ${res.status} (${error.text})`, false, SOURCE);
}

/** An exchange whose JSON answer is read with `schema`; an answer of another shape is `processing_failed`. */
export async function exchangeJson<T>(base: string, method: string, path: string, schema: ZodType<T>, opts: CallOptions): Promise<T> {
  const res = await exchange(base, method, path, opts);
  let body: unknown;
  try {
    body = await res.json();
  } catch {
    throw new RegisterError('processing_failed', `the MT registry answered ${path} with something that is not JSON`, false, SOURCE);
  }
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new RegisterError(
      'processing_failed',
      `the MT registry answered ${path} in an unknown format (${issue?.path.join('.')}: ${issue?.message})`,
      false,
      SOURCE,
    );
  }
  return parsed.data;
}

async function errorOf(res: Response): Promise<{ code?: string; text: string }> {
  const text = await res.text().catch(() => '');
  try {
    const e = JSON.parse(text) as { code?: string; message?: string };
    return { code: e.code, text: [e.code, e.message].filter(Boolean).join(': ') || String(res.status) };
  } catch {
    return { text: text.slice(0, 200) || String(res.status) };
  }
}
