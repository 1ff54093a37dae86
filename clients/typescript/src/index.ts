import createClient from 'openapi-fetch';
import { errorOf, RegistrumError } from './errors.ts';
import { paginate } from './pagination.ts';
import { type RetryOptions, retryingFetch } from './retry.ts';
import type { components, paths } from './schema.d.ts';
import { waitForRequest, type WaitOptions } from './wait.ts';

export { RegistrumError } from './errors.ts';
export { paginate, type Page } from './pagination.ts';
export type { RetryOptions } from './retry.ts';
export type { components, paths } from './schema.d.ts';
export { type CompanyUpdatedEvent, type MonitorNotificationEvent, verifyWebhook, type WebhookEvent } from './webhooks.ts';
export { isSettled, type WaitOptions } from './wait.ts';

type Schemas = components['schemas'];
type Query<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends { parameters: { query?: infer Q } }
  ? NonNullable<Q>
  : never;
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export interface ClientOptions {
  /** The service, e.g. `http://127.0.0.1:8080`. */
  baseUrl: string;
  /** The account's API key (`x-api-key`). */
  apiKey?: string;
  /** The operator token, for `admin.*` (`Authorization: Bearer`). */
  adminToken?: string;
  retry?: RetryOptions;
  /** Replaces the global fetch (tests, proxies). */
  fetch?: typeof fetch;
}

/** A call's answer, or a thrown `RegistrumError`. */
async function unwrap<T>(call: Promise<{ data?: T; error?: unknown; response: Response }>): Promise<T> {
  let result: { data?: T; error?: unknown; response: Response };
  try {
    result = await call;
  } catch (err) {
    if (err instanceof RegistrumError) throw err;
    throw new RegistrumError(0, 'network_error', err instanceof Error ? err.message : String(err));
  }
  if (!result.response.ok) throw errorOf(result.response, result.error);
  return result.data as T;
}

/**
 * The registrum API, typed from its OpenAPI document. `api` is the generated client for any call
 * (`api.GET('/v2/pricing', {params: {query: {countryCode: 'TEST'}}})`); the methods below wrap the common ones,
 * throw `RegistrumError` on error answers, and page through lists.
 *
 * @example
 * ```ts
 * const registrum = createRegistrumClient({ baseUrl: 'http://127.0.0.1:8080', apiKey: process.env.REGISTRUM_KEY });
 * const { request } = await registrum.company.create({ id: 'ACME-HOLDING', countryCode: 'TEST', dataPoints: ['company'] });
 * const done = await registrum.company.wait(request.requestId);
 * ```
 */
export function createRegistrumClient(opts: ClientOptions) {
  const headers: Record<string, string> = {};
  if (opts.apiKey) headers['x-api-key'] = opts.apiKey;
  if (opts.adminToken) headers.authorization = `Bearer ${opts.adminToken}`;
  const api = createClient<paths>({
    baseUrl: opts.baseUrl.replace(/\/$/, ''),
    headers,
    fetch: retryingFetch(opts.fetch ?? globalThis.fetch, opts.retry),
  });

  const getCompany = (requestId: string) => unwrap(api.GET('/v2/company/{requestId}', { params: { path: { requestId } } }));

  return {
    api,
    search: (query: Query<'/v2/search', 'get'>) => unwrap(api.GET('/v2/search', { params: { query } })),
    pricing: (query: Query<'/v2/pricing', 'get'>) => unwrap(api.GET('/v2/pricing', { params: { query } })),
    company: {
      /** Starts a request; verification mode answers at once with `in_progress` items (see `wait`). */
      create: (body: Body<'/v2/company', 'post'>, o: { idempotencyKey?: string } = {}) =>
        unwrap(
          api.POST('/v2/company', {
            body,
            params: { header: o.idempotencyKey ? { 'idempotency-key': o.idempotencyKey } : {} } as never,
          }),
        ),
      get: getCompany,
      /** Polls until every item of the request has settled (succeeded or failed); returns the final answer. */
      wait: (requestId: string, o: WaitOptions = {}) => waitForRequest(getCompany, requestId, o),
    },
    documents: {
      /** The document's bytes from its signed URL (as `company.create` with `documents` returns it). */
      async download(url: string): Promise<{ contentType: string; bytes: Uint8Array }> {
        const res = await (opts.fetch ?? globalThis.fetch)(url);
        if (!res.ok) throw errorOf(res, await res.json().catch(() => undefined));
        return { contentType: res.headers.get('content-type') ?? '', bytes: new Uint8Array(await res.arrayBuffer()) };
      },
    },
    billing: {
      balance: () => unwrap(api.GET('/v2/billing/balance')),
      /** Every event, newest first, fetched a page at a time. */
      events: (query: Omit<Query<'/v2/billing/events', 'get'>, 'after'> = {}) =>
        paginate<Schemas['BillingEvent']>(async (after) => {
          const page = await unwrap(api.GET('/v2/billing/events', { params: { query: { ...query, after } } }));
          return { items: page.events, hasNextPage: page.hasNextPage, nextCursor: page.nextCursor };
        }),
    },
    monitors: {
      create: (body: Body<'/v2/monitors', 'post'>) => unwrap(api.POST('/v2/monitors', { body })),
      get: (id: string) => unwrap(api.GET('/v2/monitors/{id}', { params: { path: { id } } })),
      delete: (id: string) => unwrap(api.DELETE('/v2/monitors/{id}', { params: { path: { id } } })),
      logs: (id: string) => unwrap(api.GET('/v2/monitors/{id}/logs', { params: { path: { id } } })),
      list: (query: Omit<Query<'/v2/monitors', 'get'>, 'after'> = {}) =>
        paginate<Schemas['Monitor']>(async (after) => {
          const page = await unwrap(api.GET('/v2/monitors', { params: { query: { ...query, after } } }));
          return { items: page.monitors, hasNextPage: page.hasNextPage, nextCursor: page.nextCursor };
        }),
    },
    webhookEndpoints: {
      create: (body: Body<'/v2/webhook-endpoints', 'post'>) => unwrap(api.POST('/v2/webhook-endpoints', { body })),
      list: () => unwrap(api.GET('/v2/webhook-endpoints')),
      delete: (id: string) => unwrap(api.DELETE('/v2/webhook-endpoints/{id}', { params: { path: { id } } })),
      rotateSecret: (id: string) => unwrap(api.POST('/v2/webhook-endpoints/{id}/rotate-secret', { params: { path: { id } } })),
      deliveries: (id: string, query: Omit<Query<'/v2/webhook-endpoints/{id}/deliveries', 'get'>, 'after'> = {}) =>
        paginate<Schemas['WebhookDeliveryAttempt']>(async (after) => {
          const page = await unwrap(
            api.GET('/v2/webhook-endpoints/{id}/deliveries', { params: { path: { id }, query: { ...query, after } } }),
          );
          return { items: page.deliveries, hasNextPage: page.hasNextPage, nextCursor: page.nextCursor };
        }),
    },
    /** The operator API (needs `adminToken`). */
    admin: {
      createAccount: (body: Body<'/admin/accounts', 'post'>) => unwrap(api.POST('/admin/accounts', { body })),
      addCredits: (id: string, amount: number) =>
        unwrap(api.POST('/admin/accounts/{id}/credits', { params: { path: { id } }, body: { amount } })),
      runMonitorChecks: () => unwrap(api.POST('/admin/monitors/run-checks')),
    },
  };
}

export type RegistrumClient = ReturnType<typeof createRegistrumClient>;
