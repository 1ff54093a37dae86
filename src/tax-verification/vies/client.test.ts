import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { Emulator } from '../hmrc/emulator.ts';
import { IssuedTaxIds } from '../issued.ts';
import { luCheckDigits } from '../vat-numbers.ts';
import { ViesClient } from './client.ts';
import { startViesEmulator } from './emulator.ts';

const lu = (first6: string) => `LU${first6}${luCheckDigits(first6)}`;
const BANK = lu('245871');
const US = lu('100200');

describe('the VIES client against its emulator', () => {
  const known = new IssuedTaxIds();
  known.record({
    type: 'eu_vat',
    key: BANK,
    name: 'Meridian Capital S.à r.l.',
    address: { addressLine1: '12 Rue Erasme', postalCode: 'L-1468', city: 'Luxembourg', countryCode: 'LU' },
  });
  known.record({ type: 'eu_vat', key: US, name: 'Registrum S.A.' });
  let outages = 0;
  let emulator: Emulator;
  const bodies: unknown[] = [];
  const client = (requesterVat?: string) =>
    new ViesClient({
      baseUrl: async () => emulator.url,
      userAgent: 'registrum/test',
      timeoutMs: 2000,
      backoffMs: 5,
      maxBackoffMs: 20,
      now: () => new Date('2025-03-04T10:11:13Z'),
      ...(requesterVat ? { requesterVat } : {}),
      fetch: (input, init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return fetch(input, init);
      },
    });
  const ctx = (attempts = 1) => ({ signal: new AbortController().signal, attempts });

  before(async () => {
    emulator = await startViesEmulator({
      find: (key) => known.find('eu_vat', key),
      isInOutage: async () => outages-- > 0,
      latencyMs: () => 0,
      now: () => new Date('2025-03-04T10:11:12.345Z'),
    });
  });
  after(() => emulator.close());

  it('POSTs the number as VIES takes it and reads a valid answer, its address on one line', async () => {
    bodies.length = 0;
    const check = await client().verify({ type: 'eu_vat', value: BANK.replace('LU', 'LU '), country: 'LU' }, ctx());
    assert.deepEqual(bodies, [{ countryCode: 'LU', vatNumber: BANK.slice(2) }]);
    assert.deepEqual(check, {
      status: 'verified',
      verifiedAt: '2025-03-04T10:11:12.345Z',
      verifiedName: 'Meridian Capital S.à r.l.',
      verifiedAddress: '12 Rue Erasme, L-1468 Luxembourg',
    });
  });

  it('says invalid for a number VIES does not know, and for what VIES calls invalid input', async () => {
    assert.deepEqual(await client().verify({ type: 'eu_vat', value: lu('999999') }, ctx()), {
      status: 'unverified',
      verifiedAt: '2025-03-04T10:11:12.345Z',
    });
    assert.equal((await client().verify({ type: 'eu_vat', value: 'LU1' }, ctx())).status, 'unverified');
  });

  it('names our own number when configured: VIES answers a request identifier', async () => {
    bodies.length = 0;
    const check = await client(US).verify({ type: 'eu_vat', value: BANK }, ctx());
    assert.deepEqual(bodies[0], {
      countryCode: 'LU',
      vatNumber: BANK.slice(2),
      requesterMemberStateCode: 'LU',
      requesterNumber: US.slice(2),
    });
    assert.match((check as { consultationNumber?: string }).consultationNumber ?? '', /^WAPI/);
    assert.equal(
      (await client(lu('333333')).verify({ type: 'eu_vat', value: BANK }, ctx())).status,
      'unavailable',
      'VIES does not know our requester',
    );
  });

  it('is unavailable while the member state is down (an error inside a 200), and retries through a short outage', async () => {
    outages = 5;
    const down = await client().verify({ type: 'eu_vat', value: BANK }, ctx(2));
    assert.deepEqual(down, { status: 'unavailable', reason: 'VIES could not be asked: VIES answered MS_UNAVAILABLE' });
    outages = 1;
    assert.equal((await client().verify({ type: 'eu_vat', value: BANK }, ctx(3))).status, 'verified');
    outages = 0;
  });

  it('handles eu_vat numbers of the member states only', () => {
    assert.ok(client().handles({ type: 'eu_vat', value: BANK }));
    assert.ok(client().handles({ type: 'eu_vat', value: '094259216', country: 'GR' }));
    assert.ok(!client().handles({ type: 'eu_vat', value: 'CH123456789' }));
    assert.ok(!client().handles({ type: 'gb_vat', value: '245719348' }));
  });
});
