import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { SandboxStore } from '../sandbox/store.ts';
import { loadCatalogue } from './catalogue.ts';
import { MANIFESTS } from './index.ts';
import { createRegisters, parseRegisterConfigs, type RegisterManifest } from './manifest.ts';
import { RegisterRegistry } from './registry.ts';

const sandbox = { get: async () => undefined, list: async () => [] } as unknown as SandboxStore;
const ctx = { mode: 'sandbox' as const, sandbox, latency: 'none' as const, now: () => new Date() };

describe('the register manifests', () => {
  it('have distinct codes, a loadable price catalogue for their own code and reference tables that parse', () => {
    assert.equal(new Set(MANIFESTS.map((m) => m.code)).size, MANIFESTS.length);
    for (const m of MANIFESTS) {
      assert.equal(loadCatalogue(m.catalogue).countryCode, m.code, `${m.code}: catalogue`);
      for (const table of m.referenceTables ?? [])
        assert.doesNotThrow(() => JSON.parse(readFileSync(table, 'utf8')), `${m.code}: ${table}`);
    }
  });

  it('build, in sandbox mode without a store, every register but those that keep data in the store', () => {
    const registers = createRegisters(MANIFESTS, ctx, {});
    const served = registers.map((r) => r.countryCode);
    assert.deepEqual(
      served,
      MANIFESTS.filter((m) => !m.migrations).map((m) => m.code),
    );
  });

  it("validate each register's own variables at start and name the bad one", () => {
    assert.throws(
      () => parseRegisterConfigs(MANIFESTS, { JE_MAILBOX_PORT: '99999' }),
      /^Error: invalid configuration:\n {2}JE_MAILBOX_PORT:/,
    );
    assert.throws(() => parseRegisterConfigs(MANIFESTS, { US_NY_INGEST_EVERY: 'soon' }), /US_NY_INGEST_EVERY: not a duration/);
    assert.throws(() => createRegisters(MANIFESTS, ctx, { MT_TOTP_SECRET: 'not base32!' }), /MT_TOTP_SECRET/);
    assert.doesNotThrow(() => parseRegisterConfigs(MANIFESTS, { JE_MAILBOX_PORT: '995', US_NY_INGEST_EVERY: '12h' }));
  });

  it('a register whose code the API does not accept stops the start', () => {
    const stray = { ...MANIFESTS[0]!, code: 'XX-NOWHERE' } as RegisterManifest;
    assert.throws(() => new RegisterRegistry([], [stray]), /XX-NOWHERE: not a country code the API accepts/);
  });

  it('gate retrieval by the features their manifests declare', () => {
    const gated = MANIFESTS.filter((m) => m.feature);
    const registry = new RegisterRegistry([], MANIFESTS);
    assert.deepEqual(
      registry.features(),
      gated.map((m) => m.feature!.key),
    );
    assert.equal(registry.sandboxRecordSchemas().length, MANIFESTS.length);
  });
});
