import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { IssuedTaxIds } from '../issued.ts';
import { gbCheckDigits } from '../vat-numbers.ts';
import { HmrcVatClient } from './client.ts';
import { startHmrcEmulator, type Emulator } from './emulator.ts';

const CREDENTIALS = { clientId: 'client-a', clientSecret: 'secret-a' };
const vrn = (first7: string) => `${first7}${gbCheckDigits(first7)}`;
const ACME = vrn('1234567');
const US = vrn('7654321');

describe('the HMRC VAT check client against its emulator', () => {
  const known = new IssuedTaxIds();
  known.record({
    type: 'gb_vat',
    key: ACME,
    name: 'Acme Holding Ltd',
    address: { addressLine1: '12 High Street', city: 'Leeds', postalCode: 'LS1 4AB', countryCode: 'GB' },
  });
  known.record({ type: 'gb_vat', key: US, name: 'Registrum Ltd' });
  let outages = 0;
  let emulator: Emulator;
  let url = '';
  const requests: string[] = [];
  const start = () =>
    startHmrcEmulator({
      ...CREDENTIALS,
      find: (key) => known.find('gb_vat', key),
      isInOutage: async () => outages-- > 0,
      latencyMs: () => 0,
      now: () => new Date('2025-03-04T10:11:12.345Z'),
    });
  const client = (opts: { requesterVrn?: string; clientSecret?: string } = {}) =>
    new HmrcVatClient({
      ...CREDENTIALS,
      ...opts,
      baseUrl: async () => url,
      userAgent: 'registrum/test',
      timeoutMs: 2000,
      backoffMs: 5,
      maxBackoffMs: 20,
      now: () => new Date('2025-03-04T10:11:13Z'),
      fetch: (input, init) => {
        requests.push(`${init?.method} ${new URL(String(input)).pathname}`);
        return fetch(input, init);
      },
    });
  const ctx = (attempts = 1) => ({ signal: new AbortController().signal, attempts });

  before(async () => {
    emulator = await start();
    url = emulator.url;
  });
  after(() => emulator.close());

  it('checks a registered number: valid, with the registered name and address and HMRC’s processing time', async () => {
    requests.length = 0;
    const check = await client().verify({ type: 'gb_vat', value: `GB ${ACME}`, country: 'GB' }, ctx());
    assert.deepEqual(check, {
      status: 'verified',
      verifiedAt: '2025-03-04T10:11:12.000Z',
      verifiedName: 'Acme Holding Ltd',
      verifiedAddress: '12 High Street, Leeds, LS1 4AB, GB',
    });
    assert.deepEqual(requests, ['POST /oauth/token', `GET /organisations/vat/check-vat-number/lookup/${ACME}`]);
  });

  it('keeps its token for later lookups, and renews it once when HMRC no longer takes it', async () => {
    const c = client();
    requests.length = 0;
    await c.verify({ type: 'gb_vat', value: ACME }, ctx());
    await c.verify({ type: 'gb_vat', value: ACME }, ctx());
    assert.equal(requests.filter((r) => r.includes('/oauth/token')).length, 1);
    // A new HMRC (a restart) knows none of the old tokens.
    await emulator.close();
    emulator = await start();
    url = emulator.url;
    requests.length = 0;
    assert.equal((await c.verify({ type: 'gb_vat', value: ACME }, ctx())).status, 'verified');
    assert.deepEqual(
      requests.map((r) => r.split(' ')[1]!.split('/')[1]),
      ['organisations', 'oauth', 'organisations'],
    );
  });

  it('says invalid for a number HMRC does not know, and for one that is not 9 or 12 digits (without asking)', async () => {
    assert.deepEqual(await client().verify({ type: 'gb_vat', value: vrn('1111111') }, ctx()), {
      status: 'unverified',
      verifiedAt: '2025-03-04T10:11:13.000Z',
    });
    requests.length = 0;
    assert.equal((await client().verify({ type: 'gb_vat', value: 'GB123' }, ctx())).status, 'unverified');
    assert.equal(requests.length, 0);
  });

  it('names our own VRN when configured: HMRC answers a consultation number', async () => {
    const check = await client({ requesterVrn: `GB${US}` }).verify({ type: 'gb_vat', value: ACME }, ctx());
    assert.equal(check.status, 'verified');
    assert.match((check as { consultationNumber?: string }).consultationNumber ?? '', /^[A-Za-z0-9]{9}$/);
    // A requester HMRC does not know is our mistake, not the target's: unavailable, not invalid.
    assert.equal((await client({ requesterVrn: vrn('2222222') }).verify({ type: 'gb_vat', value: ACME }, ctx())).status, 'unavailable');
  });

  it('is unavailable during an outage, and retries through a short one', async () => {
    outages = 5;
    const down = await client().verify({ type: 'gb_vat', value: ACME }, ctx(2));
    assert.equal(down.status, 'unavailable');
    assert.match((down as { reason: string }).reason, /HMRC could not be asked: answered 503/);
    outages = 1;
    assert.equal((await client().verify({ type: 'gb_vat', value: ACME }, ctx(3))).status, 'verified');
    outages = 0;
  });

  it('is unavailable with credentials HMRC refuses', async () => {
    const check = await client({ clientSecret: 'wrong' }).verify({ type: 'gb_vat', value: ACME }, ctx());
    assert.deepEqual(check, { status: 'unavailable', reason: 'HMRC refused our credentials (401)' });
  });

  it('handles gb_vat only', () => {
    assert.ok(client().handles({ type: 'gb_vat', value: ACME }));
    assert.ok(!client().handles({ type: 'eu_vat', value: 'LU12345613' }));
  });
});
