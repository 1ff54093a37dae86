import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateEntities } from '../../src/registers/us-ny/generator.ts';
import { zipsOf } from '../../src/registers/us-ny/generator/town-zips.ts';
import { words } from '../../src/registers/us-ny/generator/words.ts';
import { eventually, startTestService, type TestService } from '../support/service.ts';

// The sandbox's generated US-NY companies stand at real addresses as far as town and ZIP code go: the ZIP code of
// every generated address is one USPS gives its town (the generator's table, town-zips.json). The commercial
// registered agents' fixed addresses are not generated and not checked. Deterministic: the service seeds its snapshot
// from the default seed, which the test regenerates.

const SIZE = 300;
const SEED = 'registrum';
const isAgentAddress = (line1: string | undefined) => words.registeredAgents.some((a) => a.address1 === line1);

describe('US-NY sandbox: each ZIP code belongs to its town', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ US_NY_SANDBOX_SEED_SIZE: String(SIZE), US_NY_SANDBOX_SEED: SEED, RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ usNy: true, credits: 100_000_000 })).apiKey;
  });
  after(() => svc.close());

  const company = async (id: string) => {
    const res = await svc.call('POST', '/v2/company', {
      key,
      body: { countryCode: 'US-NY', id, mode: 'onboarding', dataPoints: ['company'] },
    });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    if (res.body.company) return res.body.company;
    return eventually(async () => {
      const r = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
      return r.body.company;
    }, 20_000);
  };

  it('the legal address of every seeded company pairs its town with one of the town’s ZIP codes', async () => {
    let checked = 0;
    for (const e of generateEntities({ size: SIZE, seed: SEED })) {
      const a = (await company(e.row.dos_id)).legalAddress;
      assert.ok(a?.city && a.postalCode, `${e.row.dos_id}: no town or ZIP code in ${JSON.stringify(a)}`);
      if (isAgentAddress(a.addressLine1)) continue;
      const zips = zipsOf(a.state, a.city);
      assert.ok(
        zips.includes(a.postalCode),
        `${e.row.dos_id}: ZIP code ${a.postalCode} is not one of ${a.city}, ${a.state} (${zips.join(', ')})`,
      );
      checked++;
    }
    assert.ok(checked >= 200, `only ${checked} addresses checked`);
  });

  it('so does every generated address of the snapshot (office, process, chairman), in and out of state', () => {
    let checked = 0;
    for (const e of generateEntities({ size: 3000, seed: SEED })) {
      const row = e.row as Record<string, string | undefined>;
      for (const prefix of ['location', 'dos_process', 'chairman']) {
        const city = row[`${prefix}_city`];
        if (!city || isAgentAddress(row[`${prefix}_address_1`])) continue;
        const state = row[`${prefix}_state`]!;
        const zip = row[`${prefix}_zip`]!;
        assert.ok(zipsOf(state, city).includes(zip), `${e.row.dos_id} ${prefix}: ZIP code ${zip} is not one of ${city}, ${state}`);
        checked++;
      }
    }
    assert.ok(checked >= 4000, `only ${checked} addresses checked`);
  });
});
