import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { snapshotRow } from '../support/us-ny.ts';

const STRUCK_OFF = '87001'; // JE, struck off: the registry issues no profile report for it
const HARBOUR = '104325'; // JE, active: two directors, corporate secretary
const GOREY = '53817'; // JE, public company: shareholders not disclosed in its report
const BEIJING = '91110108MA01HXYL9W'; // CN: its credit report lists shareholders

/**
 * What a compliance analyst sees in answers and on the bill: an empty list only where the register said "none",
 * provenance that says where data came from (or why there is none), and charges only for what was given.
 */
describe('truthful answers', () => {
  let svc: TestService;
  before(async () => {
    svc = await startTestService({ VERIFICATION_RETRY_WINDOW_MS: '4000', RATE_LIMIT_PER_MINUTE: '100000' });
  });
  after(() => svc.close());

  const post = (key: string, body: Record<string, unknown>) => svc.call('POST', '/v2/company', { key, body });
  const settled = (key: string, requestId: string) =>
    eventually(
      async () => {
        const r = await svc.call('GET', `/v2/company/${requestId}`, { key });
        const all = [
          ...Object.values(r.body.request.dataStatus.dataPoints),
          ...Object.values(r.body.request.dataStatus.documents),
        ] as any[];
        return all.every((e) => e.status === 'succeeded' || e.status === 'failed') && r.body;
      },
      30_000,
      100,
    );
  const run = async (key: string, body: Record<string, unknown>) => {
    const res = await post(key, body);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return settled(key, res.body.request.requestId);
  };
  const events = async (key: string) =>
    ((await svc.call('GET', '/v2/billing/events?first=100', { key })).body.events as any[]).map((e) => [e.sku, e.status, e.amount]);
  const balance = async (key: string) => (await svc.call('GET', '/v2/billing/balance', { key })).body.balanceInCreditCents;

  describe('empty lists: the register saying "none", or provenance saying why there is nothing', () => {
    it('CN shareholders: always empty, and the provenance says extraction is not available', async () => {
      const { apiKey } = await svc.newAccount();
      const res = await post(apiKey, {
        countryCode: 'CN',
        id: BEIJING,
        mode: 'onboarding',
        dataPoints: ['shareholders', 'legalRepresentatives'],
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      assert.deepEqual(res.body.shareholders, []);
      const source = res.body.dataSources.shareholders.overall;
      assert.equal(source.type, 'not_available');
      assert.match(source.documents[0].reason, /extraction of shareholders .* is not available/);
      assert.doesNotMatch(JSON.stringify(source), /every field is extracted/);
      assert.equal(res.body.dataSources.legalRepresentatives.overall.type, 'ai_analysis', 'extracted people stay ai_analysis');
    });

    it('JE shareholders the report does not disclose: empty, provenance quoting the report; disclosed ones stay parsed', async () => {
      const { apiKey } = await svc.newAccount();
      const gorey = await run(apiKey, { countryCode: 'JE', id: GOREY, dataPoints: ['shareholders'] });
      assert.deepEqual(gorey.shareholders, []);
      assert.equal(gorey.dataSources.shareholders.overall.type, 'not_available');
      assert.match(gorey.dataSources.shareholders.overall.documents[0].reason, /not been disclosed/);
      const harbour = await run(apiKey, { countryCode: 'JE', id: HARBOUR, dataPoints: ['shareholders'] });
      assert.equal(harbour.shareholders.length, 1);
      assert.equal(harbour.dataSources.shareholders.overall.type, 'ai_analysis');
    });

    it('US-NY legal representatives of an LLC: empty, the register publishes none for LLCs; the CEO of a corporation is register data', async () => {
      const { apiKey } = await svc.newAccount({ usNy: true });
      const put = (id: string, name: string, extra: Record<string, unknown>) =>
        svc.call('PUT', `/admin/sandbox/US-NY/companies/${id}`, {
          admin: true,
          body: { record: { snapshot: snapshotRow(id, name, extra) } },
        });
      assert.equal((await put('7100001', 'TRUTHFUL TEAPOT LLC', { entity_type: 'DOMESTIC LIMITED LIABILITY COMPANY' })).status, 200);
      assert.equal((await put('7100002', 'TRUTHFUL TEAPOT INC.', {})).status, 200);
      const ask = (id: string) => post(apiKey, { countryCode: 'US-NY', id, mode: 'onboarding', dataPoints: ['legalRepresentatives'] });
      const llc = await ask('7100001');
      assert.equal(llc.status, 200, JSON.stringify(llc.body));
      assert.deepEqual(llc.body.legalRepresentatives, []);
      assert.equal(llc.body.dataSources.legalRepresentatives.overall.type, 'not_available');
      assert.match(llc.body.dataSources.legalRepresentatives.overall.documents[0].reason, /publishes no officers/);
      const corp = await ask('7100002');
      assert.equal(corp.body.legalRepresentatives.length, 1);
      assert.equal(corp.body.dataSources.legalRepresentatives.overall.type, 'cached_from_registry');
    });
  });

  describe('addresses of people: each as what it is', () => {
    it('JE: the report prints service addresses; they are serviceAddress, and no residence is invented', async () => {
      const { apiKey } = await svc.newAccount();
      const body = await run(apiKey, { countryCode: 'JE', id: HARBOUR, dataPoints: ['legalRepresentatives'] });
      const people = body.legalRepresentatives.filter((r: any) => r.type === 'individual');
      assert.ok(
        people.some((p: any) => p.individual.serviceAddress),
        'the report has service addresses',
      );
      for (const p of people) assert.equal(p.individual.residenceAddress, undefined, p.individual.name.fullName);
      const pierre = people.find((p: any) => p.individual.serviceAddress?.countryCode === 'FR');
      assert.ok(pierre?.individual.serviceAddress.city);
    });

    it('US-NY: the CEO address of a biennial statement is a business address, never a residence', async () => {
      const { apiKey } = await svc.newAccount({ usNy: true });
      const row = snapshotRow('7100003', 'ADDRESSED ANVIL INC.', {
        chairman_address_1: '5 WALL ST',
        chairman_city: 'NEW YORK',
        chairman_zip: '10005',
      });
      assert.equal(
        (await svc.call('PUT', '/admin/sandbox/US-NY/companies/7100003', { admin: true, body: { record: { snapshot: row } } })).status,
        200,
      );
      const res = await post(apiKey, { countryCode: 'US-NY', id: '7100003', mode: 'onboarding', dataPoints: ['legalRepresentatives'] });
      const [ceo] = res.body.legalRepresentatives;
      assert.equal(ceo.individual.name.fullName, 'JANE Q. DOE');
      assert.equal(ceo.individual.residenceAddress, undefined);
    });
  });

  describe('JE struck-off entity: no report, so nothing report-based is charged', () => {
    const everything = ['company', 'legalRepresentatives', 'otherKeyPersons', 'shareholders', 'availableDocuments'];

    it('verification: the public page free, the people failed as not found, the report document not charged', async () => {
      const { apiKey } = await svc.newAccount({ credits: 10_000 });
      const body = await run(apiKey, {
        countryCode: 'JE',
        id: STRUCK_OFF,
        dataPoints: everything,
        documents: [`JE-REPORT-${STRUCK_OFF}`],
      });
      const dp = body.request.dataStatus.dataPoints;
      assert.equal(dp.company.status, 'succeeded');
      assert.equal(dp.company.cost, 0, 'the profile price pays for the report, which does not exist');
      assert.equal(body.company.status.localName, 'Struck Off');
      assert.match(body.dataSources.company.overall.documents[0].reason, /Struck Off: the registry issues no profile report/);
      for (const name of ['legalRepresentatives', 'otherKeyPersons', 'shareholders']) {
        assert.equal(dp[name].status, 'failed', name);
        assert.equal(dp[name].error.code, 'resource_not_found', name);
        assert.match(dp[name].error.message, /Struck Off: the registry issues no profile report/, name);
        assert.equal(dp[name].cost, 0, name);
        assert.equal(body[name], undefined, `${name}: no empty list that would say "none"`);
      }
      assert.deepEqual(body.availableDocuments, [], 'the registry has no document for it: that is its answer');
      const doc = body.request.dataStatus.documents[`JE-REPORT-${STRUCK_OFF}`];
      assert.deepEqual([doc.status, doc.error.code, doc.cost], ['failed', 'resource_not_found', 0]);
      assert.deepEqual(await events(apiKey), []);
      assert.equal(await balance(apiKey), 10_000);
    });

    it('onboarding: the public page, free, as for an active entity', async () => {
      const { apiKey } = await svc.newAccount({ credits: 10_000 });
      const res = await post(apiKey, {
        countryCode: 'JE',
        id: STRUCK_OFF,
        mode: 'onboarding',
        dataPoints: ['company', 'availableDocuments'],
      });
      assert.equal(res.status, 200, JSON.stringify(res.body));
      const dp = res.body.request.dataStatus.dataPoints;
      assert.deepEqual([dp.company.status, dp.company.cost, dp.availableDocuments.cost], ['succeeded', 0, 0]);
      assert.deepEqual(await events(apiKey), []);
      assert.equal(await balance(apiKey), 10_000);
    });

    it('fast: served from the cache of an uncharged retrieval, still not charged', async () => {
      const { apiKey } = await svc.newAccount({ credits: 10_000 });
      const first = await run(apiKey, { countryCode: 'JE', id: STRUCK_OFF, dataPoints: ['company'] });
      assert.equal(first.request.dataStatus.dataPoints.company.cost, 0);
      // Before, the cache kept the block but not its uncharged mark: the profile price was charged for no report.
      const cached = await run(apiKey, { countryCode: 'JE', id: STRUCK_OFF, dataPoints: ['company'], fast: true });
      assert.equal(cached.dataSources.company.overall.type, 'cached_from_registry');
      assert.deepEqual(
        [cached.request.dataStatus.dataPoints.company.status, cached.request.dataStatus.dataPoints.company.cost],
        ['succeeded', 0],
      );
      assert.deepEqual(await events(apiKey), []);
      assert.equal(await balance(apiKey), 10_000);
    });

    it('an active entity is still charged for its report', async () => {
      const { apiKey } = await svc.newAccount({ credits: 10_000 });
      const body = await run(apiKey, { countryCode: 'JE', id: HARBOUR, dataPoints: ['company'] });
      assert.equal(body.request.dataStatus.dataPoints.company.cost, 450);
      assert.deepEqual(await events(apiKey), [['JE-PROFILE', 'charged', 450]]);
      assert.equal(await balance(apiKey), 10_000 - 450);
    });
  });

  describe('billing: one data point per block charge, modes kept apart', () => {
    it('a New York LLC: its legal representatives, which the register does not publish, are free; with its agents the block is charged once, on them', async () => {
      await svc.call('PUT', '/admin/sandbox/US-NY/companies/7100011', {
        admin: true,
        body: { record: { snapshot: snapshotRow('7100011', 'BILLED TEAPOT LLC', { entity_type: 'DOMESTIC LIMITED LIABILITY COMPANY' }) } },
      });
      await svc.call('PUT', '/admin/sandbox/US-NY/companies/7100012', {
        admin: true,
        body: { record: { snapshot: snapshotRow('7100012', 'BILLED TEAPOT INC.') } },
      });
      const onboard = async (id: string, dataPoints: string[]) => {
        const { apiKey } = await svc.newAccount({ usNy: true, credits: 10_000 });
        const res = await post(apiKey, { countryCode: 'US-NY', id, mode: 'onboarding', dataPoints });
        assert.equal(res.status, 200, JSON.stringify(res.body));
        const dp = res.body.request.dataStatus.dataPoints;
        return {
          body: res.body,
          costs: dataPoints.map((d) => [d, dp[d].status, dp[d].cost]),
          events: await events(apiKey),
          balance: await balance(apiKey),
        };
      };

      const alone = await onboard('7100011', ['legalRepresentatives']);
      assert.deepEqual(alone.body.legalRepresentatives, []);
      assert.deepEqual(alone.costs, [['legalRepresentatives', 'succeeded', 0]]);
      assert.deepEqual(alone.events, []);
      assert.equal(alone.balance, 10_000);

      for (const dataPoints of [
        ['legalRepresentatives', 'otherKeyPersons'],
        ['otherKeyPersons', 'legalRepresentatives'],
      ]) {
        const both = await onboard('7100011', dataPoints);
        assert.ok(both.body.otherKeyPersons.length > 0, 'the register names its agent');
        assert.deepEqual(
          Object.fromEntries(both.costs.map(([d, status, cost]) => [d, [status, cost]])),
          { legalRepresentatives: ['succeeded', 0], otherKeyPersons: ['succeeded', 20] },
          dataPoints.join(),
        );
        assert.deepEqual(both.events, [['US-NY-PEOPLE', 'charged', 20]], dataPoints.join());
        assert.equal(both.balance, 10_000 - 20, dataPoints.join());
      }

      const corporation = await onboard('7100012', ['legalRepresentatives']);
      assert.deepEqual(corporation.costs, [['legalRepresentatives', 'succeeded', 20]], 'a corporation names its CEO: charged');
      assert.deepEqual(corporation.events, [['US-NY-PEOPLE', 'charged', 20]]);
    });

    it('the JE officers block is charged on legalRepresentatives, however the request orders its data points', async () => {
      const { apiKey } = await svc.newAccount();
      for (const dataPoints of [
        ['otherKeyPersons', 'legalRepresentatives'],
        ['legalRepresentatives', 'otherKeyPersons'],
      ]) {
        const { apiKey: fresh } = await svc.newAccount();
        const body = await run(fresh, { countryCode: 'JE', id: HARBOUR, dataPoints });
        const dp = body.request.dataStatus.dataPoints;
        assert.deepEqual([dp.legalRepresentatives.cost, dp.otherKeyPersons.cost], [50, 0], dataPoints.join());
      }
      // Asked alone, otherKeyPersons is the only data point of the block the request has: it shows the charge.
      const alone = await run(apiKey, { countryCode: 'JE', id: HARBOUR, dataPoints: ['otherKeyPersons'] });
      assert.equal(alone.request.dataStatus.dataPoints.otherKeyPersons.cost, 50);
    });

    it('a verification within 24 hours of an onboarding is charged its own price where onboarding is not authoritative', async () => {
      const { apiKey } = await svc.newAccount({ credits: 10_000 });
      const onboarding = await post(apiKey, { countryCode: 'TEST', id: 'TRUTHFUL-MODES', mode: 'onboarding', dataPoints: ['company'] });
      assert.equal(onboarding.body.request.dataStatus.dataPoints.company.cost, 50);
      const verification = await run(apiKey, { countryCode: 'TEST', id: 'TRUTHFUL-MODES', dataPoints: ['company'] });
      assert.equal(verification.request.dataStatus.dataPoints.company.cost, 100, 'the authoritative block is a purchase of its own');
      // A verification charge covers both modes: onboarding and verification again are deduplicated.
      const again = await post(apiKey, { countryCode: 'TEST', id: 'TRUTHFUL-MODES', mode: 'onboarding', dataPoints: ['company'] });
      assert.equal(again.body.request.dataStatus.dataPoints.company.cost, 0);
      const verifiedAgain = await run(apiKey, { countryCode: 'TEST', id: 'TRUTHFUL-MODES', dataPoints: ['company'] });
      assert.equal(verifiedAgain.request.dataStatus.dataPoints.company.cost, 0);
      assert.deepEqual((await events(apiKey)).sort(), [
        ['TEST-PROFILE', 'charged', 100],
        ['TEST-PROFILE', 'charged', 50],
        ['TEST-PROFILE', 'deduplicated', 0],
        ['TEST-PROFILE', 'deduplicated', 0],
      ]);
      assert.equal(await balance(apiKey), 10_000 - 150);
    });

    it('where onboarding reads the same authoritative source (CN), an onboarding charge covers the verification', async () => {
      const { apiKey } = await svc.newAccount({ credits: 10_000 });
      const onboarding = await post(apiKey, { countryCode: 'CN', id: BEIJING, mode: 'onboarding', dataPoints: ['company'] });
      assert.equal(onboarding.body.request.dataStatus.dataPoints.company.cost, 150);
      const verification = await run(apiKey, { countryCode: 'CN', id: BEIJING, dataPoints: ['company'] });
      assert.equal(verification.request.dataStatus.dataPoints.company.cost, 0);
      assert.equal(await balance(apiKey), 10_000 - 150);
    });

    it('GET /v2/pricing says which mode each flat data-point price is for, with both prices and the block', async () => {
      const { apiKey } = await svc.newAccount();
      const test = (await svc.call('GET', '/v2/pricing?countryCode=TEST', { key: apiKey })).body;
      assert.deepEqual(test.datapoints.company, {
        available: true,
        price: 50,
        pricingMode: 'fixed',
        mode: 'onboarding',
        modes: { onboarding: 50, verification: 100 },
        sku: 'TEST-PROFILE',
      });
      const je = (await svc.call('GET', '/v2/pricing?countryCode=JE', { key: apiKey })).body;
      assert.deepEqual(
        [je.datapoints.legalRepresentatives.mode, je.datapoints.legalRepresentatives.modes, je.datapoints.otherKeyPersons.sku],
        ['verification', { onboarding: null, verification: 50 }, 'JE-OFFICERS'],
      );
      assert.deepEqual([je.datapoints.ultimateBeneficialOwners.mode, je.datapoints.ultimateBeneficialOwners.sku], [null, null]);
    });
  });

  describe('MT activity codes', () => {
    it('inferred from the trade words of the name where the company type names none, flagged, within the profile price', async () => {
      const { apiKey } = await svc.newAccount({ credits: 10_000 });
      const ask = (id: string) => post(apiKey, { countryCode: 'MT', id, mode: 'onboarding', dataPoints: ['company'] });
      const bakery = await ask('C 45678'); // ĦAMRUN HERITAGE BAKERY LIMITED, Private Non-Exempt
      assert.equal(bakery.status, 200, JSON.stringify(bakery.body));
      const c = bakery.body.company;
      assert.deepEqual(
        c.activities.NACE.map((i: any) => [i.code, i.isAIInferred]),
        [['10.71', true]],
      );
      assert.deepEqual(
        c.activities.ISIC.map((i: any) => [i.code, i.isAIInferred]),
        [['1071', true]],
      );
      assert.equal(bakery.body.dataSources.company.fields.activities.type, 'inferred');
      assert.match(bakery.body.dataSources.company.fields.activities.register, /name/);
      assert.equal(bakery.body.request.dataStatus.dataPoints.company.cost, 120, 'the MT-PROFILE price, nothing added');
      const shipping = await ask('C 90456'); // VELLA SHIPPING & CO., partnership
      assert.equal(shipping.body.company.activities.NACE[0].code, '50.20');
      const plain = await ask('C 90123'); // CAMILLERI & BONELLO: no trade word, no code rather than a guess
      assert.equal(plain.body.company.activities, undefined);
      assert.equal(plain.body.dataSources.company.fields?.activities, undefined);
    });
  });
});
