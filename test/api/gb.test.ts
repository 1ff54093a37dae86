import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { eventually, startTestService, type TestService } from '../support/service.ts';
import { readPdfLines } from '../../src/documents/pdf-lines.ts';

const GROUP = '00445790'; // Albion Group PLC: individual PSC 50-75 %, German corporate PSC 25-50 %
const OPERATIONS = '05617255'; // owned by Albion Holdings (75-100 %), itself owned by Albion Group (75-100 %)
const NORTH = 'SC301245'; // Scottish: Albion Operations 50-75 % and Kestrel Ventures 25-50 %
const LAGAN = 'NI612345'; // statement: no registrable person
const BRAMLEY = '06543210'; // in liquidation
const OLD_MILL = '04321098'; // dissolved by voluntary strike-off

describe('GB register (Companies House) through the API', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ VERIFICATION_RETRY_WINDOW_MS: '4000', RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ credits: 100_000 })).apiKey;
  });
  after(() => svc.close());

  const search = (query: string) => svc.call('GET', `/v2/search?country=GB&query=${encodeURIComponent(query)}`, { key });
  const onboard = (id: string, dataPoints: string[]) =>
    svc.call('POST', '/v2/company', { key, body: { countryCode: 'GB', id, mode: 'onboarding', dataPoints } });
  const put = (id: string, record: unknown) => svc.call('PUT', `/admin/sandbox/GB/companies/${id}`, { admin: true, body: { record } });
  const verify = async (body: Record<string, unknown>) => {
    const res = await svc.call('POST', '/v2/company', { key, body: { countryCode: 'GB', ...body } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return eventually(
      async () => {
        const r = await svc.call('GET', `/v2/company/${res.body.request.requestId}`, { key });
        const open = [...Object.values(r.body.request.dataStatus.dataPoints), ...Object.values(r.body.request.dataStatus.documents)].some(
          (s: any) => s.status === 'in_progress',
        );
        return !open && r.body;
      },
      30_000,
      100,
    );
  };

  it('searches by company number, typed without leading zeros or in lower case: exactly that company', async () => {
    for (const q of ['445790', '00445790', ' 0044 5790 ']) {
      const res = await search(q);
      assert.equal(res.status, 200, q);
      assert.deepEqual(
        res.body.map((r: any) => [r.id, r.legalName, r.matchReason.matchType]),
        [[GROUP, 'ALBION GROUP PLC', 'id']],
      );
    }
    assert.equal((await search('sc301245')).body[0].id, NORTH);
    assert.deepEqual((await search('12345678')).body, []);
  });

  it('searches by name over current and previous names; a previous-name hit says which', async () => {
    const res = await search('albion');
    assert.deepEqual(res.body.map((r: any) => r.id).sort(), [GROUP, '03977902', OPERATIONS, NORTH].sort());
    const previous = (await search('Albion Systems')).body;
    assert.deepEqual(previous[0].matchReason, { matchType: 'previousName', matchedName: 'ALBION SYSTEMS LIMITED' });
    assert.equal(previous[0].legalName, 'ALBION OPERATIONS LIMITED');
    assert.equal((await search('x')).status, 400);
    // Legal-form words alone: a clear refusal, not an empty list that reads as "no such company".
    for (const q of ['limited', 'Ltd.', 'the plc']) {
      const refused = await search(q);
      assert.equal(refused.status, 400, q);
      assert.match(refused.body.error.message, /legal forms/);
    }
    assert.ok((await search('albion limited')).body.some((r: any) => r.id === GROUP));
  });

  it('onboarding gives the profile: status, ELF legal form, SIC as NACE and ISIC (register data), previous names', async () => {
    const res = await onboard('445790', ['company']);
    assert.equal(res.status, 200, JSON.stringify(res.body));
    const c = res.body.company;
    assert.equal(c.id, GROUP);
    assert.deepEqual(c.identifiers, { registrationNumber: GROUP });
    assert.deepEqual(c.status, { localName: 'Active', active: true, statusDetails: { status: 'ACTIVE' } });
    assert.deepEqual(c.legalForm, {
      localName: 'Public limited company',
      englishTranslation: 'Public limited company',
      standardized: 'Corporation',
      iso20275Code: 'B6ES',
      isAIEnriched: false,
    });
    assert.deepEqual(c.activities.NACE, [{ code: '70.10', description: 'Activities of head offices' }]);
    assert.equal(c.activities.ISIC[0].code, '7010');
    assert.ok(c.activities.NACE.every((a: any) => a.isAIInferred !== true));
    assert.deepEqual(c.legacyLegalNames, ['ALBION HOLDINGS (1947) PLC']);
    assert.deepEqual(c.legalAddress, { addressLine1: '1 Finsbury Square', city: 'London', postalCode: 'EC2A 1AE', countryCode: 'GB' });
    assert.equal(res.body.request.dataStatus.dataPoints.company.authoritative, true);
    assert.equal(res.body.dataSources.company.overall.type, 'live_from_registry');
  });

  it('maps liquidation, dissolution and an LLP', async () => {
    const bramleyBody = (await onboard(BRAMLEY, ['company'])).body;
    const bramley = bramleyBody.company;
    assert.deepEqual(bramley.status.statusDetails, {
      status: 'UNDER_INSOLVENCY_PROCEEDING',
      insolvencyStartDate: '2025-02-11',
      additionalInfo: "Creditors voluntary liquidation; 1 outstanding charge registered over the company's assets",
    });
    // The bank holding the outstanding charge is a secured creditor (the register's /charges).
    assert.deepEqual(bramleyBody.companyRelationships, [
      {
        relation: 'securedCreditor',
        company: { legalName: 'Northern Counties Bank PLC' },
        effectiveDate: '2014-07-01',
        description: 'Charge 1: Outstanding (A registered charge) delivered 2014-07-09',
      },
    ]);
    assert.equal(bramley.status.active, false);
    const mill = (await onboard(OLD_MILL, ['company'])).body.company;
    assert.deepEqual(mill.status.statusDetails, { status: 'CLOSED', closureReason: 'VOLUNTARY_DISSOLUTION', closureDate: '2021-08-03' });
    const llp = (await onboard('oc412345', ['company', 'legalRepresentatives'])).body;
    assert.equal(llp.company.legalForm.iso20275Code, 'Z0EY');
    const members = llp.legalRepresentatives.map((r: any) => [r.type, r.role.localName, r.company?.id ?? r.individual?.name.lastName]);
    assert.deepEqual(members, [
      ['individual', 'LLP Designated Member', 'WHITFIELD'],
      ['company', 'LLP Designated Member', '03977902'],
      ['individual', 'LLP Member', 'CHEN'],
    ]);
  });

  it('officers: directors as legal representatives (birth month and year only), the secretary as other key person, resigned ones left out', async () => {
    const body = (await onboard(GROUP, ['legalRepresentatives', 'otherKeyPersons'])).body;
    assert.deepEqual(
      body.legalRepresentatives.map((r: any) => r.individual.name.fullName),
      ['Margaret Ellen HOLLOWAY', 'Daniel Chukwuemeka OKAFOR'],
    );
    const holloway = body.legalRepresentatives[0];
    assert.deepEqual(holloway.individual.birthDate, { month: 3, year: 1961 });
    assert.equal(holloway.role.standardized, 'Director');
    assert.equal(holloway.startDate, '2004-06-01');
    assert.equal(body.legalRepresentatives[1].individual.nationality, 'NG');
    assert.deepEqual(
      body.otherKeyPersons.map((p: any) => [p.role.standardized, p.individual.name.lastName]),
      [['Secretary', 'SINGH']],
    );
  });

  it('includeFormerOfficers keeps the resigned director with his endDate; fast never serves one list for the other', async () => {
    const ask = (extra: Record<string, unknown>) =>
      svc.call('POST', '/v2/company', {
        key,
        body: { countryCode: 'GB', id: GROUP, mode: 'onboarding', dataPoints: ['legalRepresentatives'], fast: true, ...extra },
      });
    const names = (body: any) => body.legalRepresentatives.map((r: any) => [r.individual.name.lastName, r.endDate ?? null]);
    const current = await ask({});
    assert.deepEqual(names(current.body), [
      ['HOLLOWAY', null],
      ['OKAFOR', null],
    ]);
    const all = await ask({ includeFormerOfficers: true });
    assert.equal(all.status, 200, JSON.stringify(all.body));
    assert.deepEqual(names(all.body), [
      ['HOLLOWAY', null],
      ['OKAFOR', null],
      ['PEMBERTON', '2019-05-31'],
    ]);
    assert.deepEqual(names((await ask({})).body), names(current.body), 'the list with former officers does not serve a later request');
  });

  it('PSCs: individuals are beneficial owners with control bands; corporate PSCs are company shareholders with their number; statements are reported', async () => {
    const body = (await onboard(GROUP, ['ultimateBeneficialOwners', 'shareholders'])).body;
    assert.equal(body.ultimateBeneficialOwners.length, 1);
    const ubo = body.ultimateBeneficialOwners[0];
    assert.equal(ubo.name.fullName, 'Margaret Ellen Holloway');
    assert.deepEqual(ubo.birthDate, { month: 3, year: 1961 });
    assert.equal(ubo.control.controlType, 'ownershipOfShares');
    assert.deepEqual(ubo.control.percentageDetails, [
      { type: 'ownershipOfShares', range: { lower: 50, upper: 75 } },
      { type: 'votingRights', range: { lower: 50, upper: 75 } },
    ]);
    assert.match(ubo.control.description, /appoint or remove a majority of the board/);
    const german = body.shareholders.find((s: any) => s.type === 'company');
    assert.deepEqual(german.company, {
      legalName: 'NORDSTERN BETEILIGUNGEN GMBH',
      countryCode: 'DE',
      id: 'HRB 104211',
      identifiers: { registrationNumber: 'HRB 104211' },
      legalForm: { localName: 'GmbH' },
    });
    const north = (await onboard(NORTH, ['shareholders'])).body.shareholders;
    // The register wrote Albion Operations' number without its leading zero: normalised, so the graph can follow it.
    assert.deepEqual(
      north.map((s: any) => [s.company.id, s.sharePercentage]),
      [
        [OPERATIONS, 50],
        ['08123456', 25],
      ],
    );
    const lagan = (await onboard(LAGAN, ['ultimateBeneficialOwners'])).body;
    assert.deepEqual(lagan.ultimateBeneficialOwners, []);
    assert.match(lagan.dataSources.ultimateBeneficialOwners.overall.documents[0].reason, /no registrable person/);
  });

  it('takes a company in Companies House JSON through the operator API; the number is normalised, a bad record is a 400', async () => {
    const record = {
      profile: {
        company_name: 'WESSEX TEST WIDGETS LIMITED',
        company_status: 'active',
        type: 'ltd',
        date_of_creation: '2020-01-02',
        sic_codes: ['62012'],
        registered_office_address: {
          premises: '7',
          address_line_1: 'High Street',
          locality: 'Winchester',
          postal_code: 'SO23 9AA',
          country: 'England',
        },
        some_future_field: { kept: true },
      },
      psc: [
        {
          kind: 'corporate-entity-person-with-significant-control',
          name: 'ALBION GROUP PLC',
          natures_of_control: ['ownership-of-shares-75-to-100-percent', 'significant-influence-or-control'],
          identification: { registration_number: '445790', country_registered: 'England And Wales' },
        },
      ],
    };
    const stored = await put('123456', record);
    assert.equal(stored.status, 200, JSON.stringify(stored.body));
    assert.equal(stored.body.companyId, '00123456');
    const body = (await onboard('123456', ['company', 'shareholders'])).body;
    assert.equal(body.company.legalName, 'WESSEX TEST WIDGETS LIMITED');
    assert.equal(body.company.legalAddress.addressLine1, '7 High Street');
    assert.deepEqual(body.company.activities.NACE, [{ code: '62.01', description: 'Computer programming activities' }]);
    assert.deepEqual(body.shareholders[0].company.id, GROUP);
    assert.equal(body.shareholders[0].sharePercentage, 75);
    const bad = await put('123457', { profile: { company_name: 'NO STATUS LTD', type: 'ltd' } });
    assert.equal(bad.status, 400);
    assert.match(bad.body.error.details.join(' '), /profile\.company_status/);
    assert.equal((await put('12-34', record)).status, 400);
  });

  it('the ownership graph of a three-level GB group follows each corporate PSC into the next GB company', { timeout: 60_000 }, async () => {
    const body = await verify({ id: OPERATIONS, dataPoints: ['graph'], graphMaxBudget: 10_000 });
    const graph = body.graph;
    const companies = graph.nodes.filter((n: any) => n.company).map((n: any) => n.nodeId);
    for (const id of [`GB:${OPERATIONS}`, 'GB:03977902', `GB:${GROUP}`]) assert.ok(companies.includes(id), `${id} in ${companies}`);
    const edges = graph.edges.map((e: any) => [e.fromId, e.toId, e.percentage]);
    // As the incumbent draws it: from the owned company to its owner.
    assert.ok(edges.some(([f, t, p]: any) => f === `GB:${OPERATIONS}` && t === 'GB:03977902' && p === 75));
    assert.ok(edges.some(([f, t, p]: any) => f === 'GB:03977902' && t === `GB:${GROUP}` && p === 75));
    const holloway = graph.nodes.find((n: any) => n.individual?.name?.fullName === 'Margaret Ellen Holloway');
    assert.ok(holloway, 'the individual PSC at the top of the group');
    // At least 75 % x 75 % x 50 % (the bands' lower bounds).
    assert.ok(holloway.totalOwnershipPercentage >= 28, JSON.stringify(holloway));
    // The German owner is a node but not followed: no German register.
    assert.ok(graph.nodes.some((n: any) => n.company?.legalName === 'NORDSTERN BETEILIGUNGEN GMBH'));
    assert.equal(graph.metadata.companiesFetched, 3);
  });

  const accountsOf = async (id: string) => {
    const list = (await verify({ id, dataPoints: ['availableDocuments'] })).availableDocuments as any[];
    const accounts = list.find((d) => d.type === 'financialStatements' && d.period?.year === 2024);
    assert.ok(accounts, JSON.stringify(list.slice(0, 5)));
    const body = await verify({ id, documents: [accounts.id] });
    assert.equal(body.request.dataStatus.documents[accounts.id].status, 'succeeded', JSON.stringify(body.request.dataStatus));
    return { list, doc: body.documents.financialStatements.find((d: any) => d.id === accounts.id) };
  };

  it('lists the filing history in the spec categories and sells a filing as the PDF the register serves', { timeout: 60_000 }, async () => {
    const { list } = await accountsOf(BRAMLEY);
    const byType = (t: string) => list.filter((d: any) => d.type === t).length;
    assert.ok(byType('annualReturns') > 5 && byType('financialStatements') > 5, 'confirmation statements and accounts');
    assert.equal(byType('articlesOfAssociation'), 1, 'incorporation');
    const notices = list.filter((d: any) => d.type === 'officialPublications').map((d: any) => d.name);
    assert.deepEqual(notices.sort(), ['Appointment of a voluntary liquidator', 'Statement of affairs']);
    const cs = list.find((d: any) => d.type === 'annualReturns');
    assert.match(cs.id, /^GB-06543210-CS-/);
    const body = await verify({ id: BRAMLEY, documents: [cs.id] });
    const item = body.documents.annualReturns[0];
    assert.equal(item.id, cs.id);
    const pdf = await fetch(item.url);
    assert.equal(pdf.status, 200);
    // The list says how many pages the register holds; the PDF sold has them.
    const listed = Number(/, (\d+) pages?:/.exec(cs.description)?.[1]);
    assert.ok(listed > 1, cs.description);
    const lines = await readPdfLines(new Uint8Array(await pdf.arrayBuffer()));
    assert.equal(Math.max(...lines.map((l) => l.page)), listed);
    assert.ok(lines.some((l) => l.runs.some((r) => r.text.includes(`Form CS01`))));
  });

  it('accounts filed as iXBRL: a full set (FRS 102) with both years, ratios from the tagged figures', { timeout: 60_000 }, async () => {
    const { doc } = await accountsOf(OPERATIONS);
    const f = doc.extractedFinancialData;
    assert.deepEqual(f.fiscalYear, { year: 2024, startDate: '2024-01-01', endDate: '2024-12-31' });
    assert.equal(f.currency, 'GBP');
    assert.equal(f.approvalDate, '2025-06-12');
    assert.equal(f.incomeStatement.revenue, 48_250_000);
    assert.equal(f.incomeStatement.netIncome, 3_840_000);
    assert.equal(f.incomeStatement.costOfSales, 29_870_000);
    assert.deepEqual(
      [f.balanceSheet.currentAssets, f.balanceSheet.currentLiabilities, f.balanceSheet.inventories, f.balanceSheet.equity],
      [13_880_000, 8_940_000, 2_150_000, 14_040_000],
    );
    assert.deepEqual(f.analysis.ratios, {
      currentRatio: 1.55,
      quickRatio: 1.31,
      netProfitMargin: 0.0796,
      returnOnEquity: 0.2735,
      revenueGrowth: 0.0941,
    });
    assert.equal(f.analysis.trends.comparedWithYear, 2023);
    assert.equal(f.analysis.trends.lines.revenue.prior, 44_100_000);
    assert.deepEqual(doc.period.endDate, { year: 2024, month: 12, day: 31 });
  });

  it('accounts filed as iXBRL: a micro-entity (FRS 105) with a loss', { timeout: 60_000 }, async () => {
    const { doc } = await accountsOf('10234567');
    const f = doc.extractedFinancialData;
    assert.deepEqual(f.incomeStatement, { revenue: 312_400, netIncome: -8_150 });
    assert.equal(f.balanceSheet.currentLiabilities, 29_300);
    assert.equal(f.analysis.ratios.netProfitMargin, -0.0261);
    assert.equal(f.analysis.trends.lines.netIncome.prior, 14_320);
  });
});
