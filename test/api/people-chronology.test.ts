import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { generateCompanies as mtCompanies } from '../../src/registers/mt/emulator/generator.ts';
import { startTestService, type TestService } from '../support/service.ts';

// Nobody is appointed to a company before it was incorporated, nor after it closed: every start date the sandbox
// registers give for representatives, key persons, shareholders, subsidiaries, establishments and mergers lies within
// the company's life as its own profile states it (incorporationDate to closureDate). Deterministic ids: the TEST
// generator draws each company from its id, the MT emulator from a fixed seed.

const PEOPLE = ['legalRepresentatives', 'otherKeyPersons', 'shareholders'] as const;

describe('sandbox registers: appointments within the company’s life', () => {
  let svc: TestService;
  let key: string;
  before(async () => {
    svc = await startTestService({ RATE_LIMIT_PER_MINUTE: '100000' });
    key = (await svc.newAccount({ credits: 100_000_000 })).apiKey;
  });
  after(() => svc.close());

  const post = async (body: Record<string, unknown>) => {
    const res = await svc.call('POST', '/v2/company', { key, body: { mode: 'onboarding', ...body } });
    assert.equal(res.status, 200, JSON.stringify(res.body));
    return res.body;
  };

  /** Checks every start date of the people data points; returns how many dates it checked. */
  const checkPeople = (id: string, body: any): number => {
    const from: string = body.company.incorporationDate;
    const to: string | undefined = body.company.status?.statusDetails?.closureDate;
    assert.ok(from, `${id}: no incorporationDate`);
    let checked = 0;
    for (const dp of PEOPLE) {
      for (const p of body[dp] ?? []) {
        if (!p.startDate) continue;
        const who = `${id} ${dp} ${p.role?.localName ?? ''} ${p.individual?.name?.fullName ?? p.company?.legalName ?? ''}`;
        assert.ok(p.startDate >= from, `${who}: appointed ${p.startDate}, before incorporation on ${from}`);
        if (to) assert.ok(p.startDate <= to, `${who}: appointed ${p.startDate}, after closure on ${to}`);
        checked++;
      }
    }
    return checked;
  };

  it('TEST: officers, secretaries and auditors appointed between incorporation and closure', async () => {
    let checked = 0;
    let closed = 0;
    for (let i = 0; i < 200; i++) {
      const id = `PEOPLE-${i}`;
      const body = await post({ countryCode: 'TEST', id, dataPoints: ['company', ...PEOPLE] });
      if (body.company.status?.statusDetails?.closureDate) closed++;
      checked += checkPeople(id, body);
    }
    // Enough closed companies and secretaries that a date drawn from the whole year would be caught.
    assert.ok(closed >= 10, `only ${closed} closed companies`);
    assert.ok(checked >= 400, `only ${checked} dates checked`);
  });

  it('TEST: subsidiaries acquired, branches opened, mergers and head counts dated between incorporation and closure', async () => {
    let checked = 0;
    for (let i = 0; i < 200; i++) {
      const id = `PEOPLE-${i}`;
      const body = await post({ countryCode: 'TEST', id, dataPoints: ['company', 'subsidiaries', 'establishments'] });
      const from: string = body.company.incorporationDate;
      const to: string | undefined = body.company.status?.statusDetails?.closureDate;
      const within = (what: string, date: string | undefined) => {
        if (!date) return;
        assert.ok(date >= from, `${id} ${what} dated ${date}, before incorporation on ${from}`);
        if (to) assert.ok(date <= to, `${id} ${what} dated ${date}, after closure on ${to}`);
        checked++;
      };
      for (const s of body.subsidiaries ?? []) within(`acquisition of ${s.company?.id}`, s.acquisitionDate);
      for (const e of body.establishments ?? []) {
        within(`${e.name} opened`, e.creationDate);
        within(`${e.name} closed`, e.endDate);
        if (e.endDate) assert.ok(e.creationDate <= e.endDate, `${id} ${e.name}: closed ${e.endDate} before it opened ${e.creationDate}`);
      }
      for (const r of body.companyRelationships ?? []) within(`${r.relation} ${r.company?.id}`, r.effectiveDate);
      within('employee count update', body.company.employeeCount?.lastUpdated);
    }
    assert.ok(checked >= 600, `only ${checked} dates checked`);
  });

  it('MT: involvements appointed between registration and the change of state', async () => {
    let checked = 0;
    for (const generated of mtCompanies(60)) {
      const id = generated.company.registrationNumber!.replace(/\s+/g, '');
      checked += checkPeople(id, await post({ countryCode: 'MT', id, dataPoints: ['company', ...PEOPLE] }));
    }
    assert.ok(checked >= 200, `only ${checked} dates checked`);
  });
});
