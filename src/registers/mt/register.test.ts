import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { isAvailable } from '../catalogue.ts';
import { DOCUMENT_KINDS } from './mapping/documents.ts';
import { RegistryDirectory } from './emulator/directory.ts';
import { generateCompanies } from './emulator/generator.ts';
import { manifest } from './manifest.ts';
import { MtRegister } from './index.ts';
import { MtRecordSchema } from './record.ts';
import type { SandboxStore } from '../../sandbox/store.ts';

const NINETY_NINE_YEARS_MS = 36_159 * 86_400_000;
const sandbox = {
  get: async () => undefined,
  list: async () => [],
  isInOutage: async () => false,
  consumeFailure: async () => false,
} as unknown as SandboxStore;
const now = () => new Date('2026-06-01T00:00:00Z');

describe('MT register', () => {
  const mt = new MtRegister({ mode: 'sandbox', sandbox, latency: 'none', now });

  it('prices every filing kind, each deduplicated for 99 years; shareholders are not available', () => {
    const types = mt.catalogue.documents.map((d) => d.type).sort();
    assert.deepEqual(types, DOCUMENT_KINDS.map((k) => k.type).sort());
    for (const doc of mt.catalogue.documents) assert.equal(doc.dedupWindow, NINETY_NINE_YEARS_MS, doc.type);
    for (const kind of DOCUMENT_KINDS) assert.equal(mt.catalogue.documents.find((d) => d.type === kind.type)?.category, kind.category);
    for (const dp of ['shareholders', 'ultimateBeneficialOwners', 'establishments', 'subsidiaries'] as const) {
      assert.equal(isAvailable(mt.catalogue, dp, 'verification'), false, dp);
    }
    assert.equal(mt.catalogue.blocks.find((b) => b.sku === 'MT-DOCUMENT-LIST')?.modes.onboarding, 0, 'the list is free');
  });

  it('validates ids: C and digits, spaces ignored', async () => {
    assert.equal(mt.parseCompanyId('c 21345'), 'C21345');
    assert.throws(() => mt.parseCompanyId('21345'), { code: 'invalid_request' });
    assert.equal(await mt.documentType('C 21345', 'MT-C21345-ACCOUNTS-80403'), 'MLT_ANNUAL_ACCOUNTS');
    assert.equal(await mt.documentType('C21345', 'MT-C45678-ACCOUNTS-80403'), undefined, 'another company’s document');
    assert.equal(await mt.documentType('C21345', 'MT-C21345-BOGUS-1'), undefined);
  });

  it('refuses short name searches and VAT numbers with a clear message, before any call', async () => {
    const ctx = { mode: 'onboarding' as const, signal: AbortSignal.timeout(10_000) };
    const first = (q: string) => mt.search(q, ctx)[Symbol.asyncIterator]().next();
    await assert.rejects(first('ab'), { code: 'invalid_request', message: /at least 3 characters/ });
    await assert.rejects(first('MT 1234 5678'), { code: 'invalid_request', message: /VAT/ });
  });

  it('is served in live mode only with an account at the registry', () => {
    const base = { mode: 'live' as const, sandbox, latency: 'none' as const, now };
    // The manifest reads its own variables (as the service does at start), then builds the register.
    const create = (env: Record<string, string>) => manifest.create(base, manifest.config.parse(env));
    assert.equal(create({ MT_REGISTRY_URL: 'https://registry.example' }), undefined);
    const live = [
      create({ MT_REGISTRY_URL: 'https://registry.example', MT_USERNAME: 'u', MT_PASSWORD: 'p', MT_TOTP_SECRET: 'JBSWY3DPEHPK3PXP' }),
    ].filter((r) => r !== undefined);
    assert.equal(live.length, 1);
    assert.equal(live[0]!.countryCode, 'MT');
  });

  it('holds a valid, deterministic seed set: hand-written companies and generated ones', () => {
    const seeds = (JSON.parse(readFileSync(new URL('./emulator/seed.json', import.meta.url), 'utf8')) as { companies: unknown[] })
      .companies;
    for (const s of seeds) MtRecordSchema.parse(s);
    const a = generateCompanies(50);
    assert.deepEqual(a, generateCompanies(50));
    const parsed = a.map((c) => MtRecordSchema.parse(c));
    assert.equal(new Set(parsed.map((c) => c.company.registrationNumber)).size, 50, 'numbers are unique');
    assert.ok(new Set(parsed.map((c) => c.company.state)).size >= 4, 'several states');
    assert.ok(parsed.some((c) => c.documents.some((d) => /Accounts/.test(d.title))));
  });

  it('names every company of the sandbox registry apart, as the registry does', async () => {
    const companies = await new RegistryDirectory(sandbox).all();
    assert.ok(companies.length > 240);
    const byName = new Map<string, string[]>();
    for (const c of companies) byName.set(c.record.company.name, [...(byName.get(c.record.company.name) ?? []), c.id]);
    assert.deepEqual(
      [...byName].filter(([, ids]) => ids.length > 1),
      [],
    );
    assert.ok(
      companies.filter((c) => c.record.company.type === 'Overseas Company').length > 8,
      'more branches than the first list of parents',
    );
  });

  it('draws a taken name again without changing anything else of the companies generated', () => {
    const taken = ['NORDIC PLAY AB (MALTA BRANCH)', 'Limestone Developments Limited'];
    const apart = generateCompanies(240, undefined, taken);
    const alone = generateCompanies(240);
    const rest = (c: (typeof apart)[number]) => ({ ...c, company: { ...c.company, name: '' } });
    assert.deepEqual(apart.map(rest), alone.map(rest));
    for (const generated of [apart, alone]) assert.equal(new Set(generated.map((c) => c.company.name)).size, 240);
    const names = new Set(apart.map((c) => c.company.name));
    for (const name of taken) assert.ok(!names.has(name.toUpperCase()), name);
    assert.ok(
      alone.some((c) => c.company.name === 'LIMESTONE DEVELOPMENTS LIMITED'),
      'the generator would have drawn it',
    );
  });
});
