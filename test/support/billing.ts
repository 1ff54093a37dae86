import assert from 'node:assert/strict';
import { eventually, startTestService, type TestService } from './service.ts';

export const DAY_MS = 86_400_000;
/** Short enough for tests of timeouts, long enough for a cold service on a busy machine. */
export const ONBOARDING_DEADLINE_MS = 3_000;
/** A register latency that always misses the onboarding deadline. */
export const PAST_DEADLINE_MS = ONBOARDING_DEADLINE_MS + 2_000;

export type Prices = Record<string, { onboarding: number | null; verification: number | null }>;

/**
 * A service for billing scenarios (short onboarding deadline and verification retry window, no rate limit in the
 * way of polling) and the calls they make over HTTP.
 */
export async function startBillingService() {
  const svc: TestService = await startTestService({
    ONBOARDING_DEADLINE_MS: String(ONBOARDING_DEADLINE_MS),
    VERIFICATION_RETRY_WINDOW_MS: '300',
    RATE_LIMIT_PER_MINUTE: '100000',
  });
  const { apiKey } = await svc.newAccount();
  // A first retrieval loads the reference data; timed tests should not pay for it.
  await svc.call('POST', '/v2/company', { key: apiKey, body: { id: 'WARM-UP', countryCode: 'TEST', mode: 'onboarding' } });
  const pricing = await svc.call('GET', '/v2/pricing?countryCode=TEST', { key: apiKey });
  assert.equal(pricing.status, 200);
  /** Catalogue prices as GET /v2/pricing shows them: billing must charge exactly these. */
  const price: Prices = Object.fromEntries(pricing.body.blocks.map((b: any) => [b.sku, b.modes]));
  const docPrice: Record<string, number> = Object.fromEntries(pricing.body.documents.map((d: any) => [d.type, d.price]));

  const post = (key: string, body: object) => svc.call('POST', '/v2/company', { key, body: { countryCode: 'TEST', ...body } });
  const statuses = (body: any) =>
    [...Object.values(body.request.dataStatus.dataPoints), ...Object.values(body.request.dataStatus.documents)] as any[];

  return {
    svc,
    price,
    docPrice,
    post,
    statuses,
    balance: async (key: string) => (await svc.call('GET', '/v2/billing/balance', { key })).body.balanceInCreditCents as number,
    eventsOf: async (key: string, requestId?: string) => {
      const res = await svc.call('GET', `/v2/billing/events?first=100${requestId ? `&requestId=${requestId}` : ''}`, { key });
      assert.equal(res.status, 200);
      return res.body.events as any[];
    },
    /** Polls a request until no item is open; returns its body. */
    settled: (key: string, requestId: string) =>
      eventually(
        async () => {
          const r = await svc.call('GET', `/v2/company/${requestId}`, { key });
          return statuses(r.body).every((s) => s.status === 'succeeded' || s.status === 'failed') && r.body;
        },
        15_000,
        100,
      ),
    storeCompany: (id: string, record: object, behaviour?: object) =>
      svc.call('PUT', `/admin/sandbox/TEST/companies/${id}`, { admin: true, body: { record, ...(behaviour ? { behaviour } : {}) } }),
    /** The id of a company's trade register extract, from its (free) document list. */
    extractOf: async (key: string, companyId: string): Promise<string> => {
      const list = await post(key, { id: companyId, mode: 'onboarding', dataPoints: ['availableDocuments'] });
      return list.body.availableDocuments.find((d: any) => d.type === 'tradeRegisterExtract').id;
    },
  };
}

export type BillingHarness = Awaited<ReturnType<typeof startBillingService>>;
