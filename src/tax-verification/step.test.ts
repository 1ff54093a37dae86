import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Fetched } from '../registers/contract.ts';
import { HmrcVatClient } from './hmrc/client.ts';
import { startHmrcEmulator, type Emulator } from './hmrc/emulator.ts';
import { IssuedTaxIds } from './issued.ts';
import { TaxIdVerificationStep } from './step.ts';
import { gbCheckDigits } from './vat-numbers.ts';

const VRN = `1234567${gbCheckDigits('1234567')}`;
const REGISTER_SOURCE = { type: 'live_from_registry' as const, register: 'TEST register', retrievedAt: '2025-03-04T09:00:00.000Z' };

const block = (taxId?: object): Fetched<'company'> => ({
  data: {
    company: {
      countryCode: 'TEST',
      id: 'ACME',
      legalName: 'Acme Ltd',
      ...(taxId ? { taxId } : {}),
    } as Fetched<'company'>['data']['company'],
    companyRelationships: [],
  },
  source: { overall: REGISTER_SOURCE, fields: { legalAddress: { type: 'inferred', register: 'somewhere' } } },
});

describe('the tax-ID verification step', () => {
  const known = new IssuedTaxIds();
  known.record({
    type: 'gb_vat',
    key: VRN,
    name: 'ACME LTD',
    address: { addressLine1: '1 Main St', city: 'York', postalCode: 'YO1 1AA', countryCode: 'GB' },
  });
  let outage = false;
  let latency = 0;
  let emulator: Emulator;
  const unavailable: string[] = [];
  let step: TaxIdVerificationStep;
  const ctx = (mode: 'onboarding' | 'verification' = 'verification') => ({
    countryCode: 'TEST',
    companyId: 'ACME',
    mode,
    signal: new AbortController().signal,
  });

  before(async () => {
    emulator = await startHmrcEmulator({
      clientId: 'c',
      clientSecret: 's',
      find: (k) => known.find('gb_vat', k),
      isInOutage: async () => outage,
      latencyMs: () => latency,
      now: () => new Date('2025-03-04T10:00:00Z'),
    });
    const hmrc = new HmrcVatClient({
      clientId: 'c',
      clientSecret: 's',
      baseUrl: async () => emulator.url,
      userAgent: 'registrum/test',
      timeoutMs: 2000,
      backoffMs: 1,
      maxBackoffMs: 2,
      now: () => new Date(),
    });
    step = new TaxIdVerificationStep({
      verifiers: [hmrc],
      now: () => new Date('2025-03-04T10:00:05Z'),
      attempts: { onboarding: 1, verification: 3 },
      budgetMs: { onboarding: 300, verification: 2000 },
      onUnavailable: (source, reason) => unavailable.push(`${source}: ${reason}`),
    });
  });
  after(() => emulator.close());

  it('adds the authority’s verification and its provenance, keeping the register’s fields and their provenance', async () => {
    const out = await step.apply(block({ type: 'gb_vat', value: `GB${VRN}`, country: 'GB' }), ctx());
    assert.deepEqual(out.data.company.taxId, {
      type: 'gb_vat',
      value: `GB${VRN}`,
      country: 'GB',
      verification: {
        status: 'verified',
        verifiedAt: '2025-03-04T10:00:00.000Z',
        verifiedName: 'ACME LTD',
        verifiedAddress: '1 Main St, York, YO1 1AA, GB',
      },
    });
    assert.deepEqual(out.source, {
      overall: REGISTER_SOURCE,
      fields: {
        legalAddress: { type: 'inferred', register: 'somewhere' },
        'taxId.verification': { type: 'live_from_registry', register: 'HMRC VAT check', retrievedAt: '2025-03-04T10:00:05.000Z' },
      },
    });
    assert.equal(out.data.company.legalName, 'Acme Ltd');
  });

  it('records an invalid number as the authority said', async () => {
    const out = await step.apply(block({ type: 'gb_vat', value: `7654321${gbCheckDigits('7654321')}` }), ctx('onboarding'));
    assert.equal(out.data.company.taxId?.verification?.status, 'unverified');
    assert.equal(out.source.fields?.['taxId.verification']?.register, 'HMRC VAT check');
  });

  it('leaves the block as it was when the authority is down, and says so', async () => {
    outage = true;
    const input = block({ type: 'gb_vat', value: VRN });
    const out = await step.apply(input, ctx('onboarding'));
    outage = false;
    assert.deepEqual(out, input);
    assert.match(unavailable.at(-1)!, /^HMRC VAT check: HMRC could not be asked: answered 503/);
  });

  it('gives a stalled authority one budget, then goes on without it; the request’s own abort still stops it', async () => {
    latency = 1500;
    try {
      const input = block({ type: 'gb_vat', value: VRN });
      const t0 = Date.now();
      assert.deepEqual(await step.apply(input, ctx('onboarding')), input);
      assert.ok(Date.now() - t0 < 1000, 'within the onboarding budget');
      assert.match(unavailable.at(-1)!, /no answer within 300 ms/);
      const ac = new AbortController();
      setTimeout(() => ac.abort(new Error('deadline')), 50);
      await assert.rejects(step.apply(input, { ...ctx('verification'), signal: ac.signal }), /deadline/);
    } finally {
      latency = 0;
    }
  });

  it('leaves alone a block without a tax id, one no verifier handles, and one the register verified itself', async () => {
    for (const input of [
      block(),
      block({ type: 'cn_uscc', value: '91500103MA5U3B2X2K', country: 'CN' }),
      block({ type: 'gb_vat', value: VRN, verification: { status: 'verified', verifiedAt: '2024-01-01T00:00:00.000Z' } }),
    ]) {
      assert.equal(await step.apply(input, ctx()), input);
    }
  });
});
