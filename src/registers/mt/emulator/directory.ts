import { readFileSync } from 'node:fs';
import { lazy } from '../../../enrichment/reference/files.ts';
import type { SandboxRecord, SandboxStore } from '../../../sandbox/store.ts';
import { derivedUuid, normaliseCompanyNumber, registerNumberOf } from '../ids.ts';
import { MtRecordSchema, type MtRecord } from '../record.ts';
import { generateCompanies } from './generator.ts';

export const COUNTRY = 'MT';
/** How many generated companies the sandbox registry holds besides the hand-written ones. */
const GENERATED = 240;

/** A company the registry knows: its number (`C12345`), its record, and the operator's behaviour when stored. */
export interface RegistryCompany {
  id: string;
  record: MtRecord;
  stored?: SandboxRecord;
}

/** A record with the number it is filed under and its internal id filled in. */
function complete(id: string, record: MtRecord): MtRecord {
  return {
    ...record,
    company: { ...record.company, registrationNumber: registerNumberOf(id), uuid: record.company.uuid ?? derivedUuid(id) },
  };
}

// Built on first use, not at import: a service that never touches MT does not pay for it.
const builtIn = lazy(() => {
  const written = (JSON.parse(readFileSync(new URL('./seed.json', import.meta.url), 'utf8')) as { companies: unknown[] }).companies;
  const seeds = written.map((raw) => MtRecordSchema.parse(raw));
  // Generated companies are named apart from the hand-written ones, as the registry keeps names unique.
  const generated = generateCompanies(
    GENERATED,
    undefined,
    seeds.map((s) => s.company.name),
  ).map((raw) => MtRecordSchema.parse(raw));
  const byId = new Map<string, MtRecord>();
  for (const record of [...seeds, ...generated]) {
    const id = normaliseCompanyNumber(record.company.registrationNumber!);
    if (!byId.has(id)) byId.set(id, complete(id, record));
  }
  const byUuid = new Map([...byId].map(([id, r]) => [r.company.uuid!, id]));
  return { byId, byUuid };
});

/** The registry's companies: the built-in ones, overridden or removed by what the operator stored (CONTRACT §5). */
export class RegistryDirectory {
  constructor(private readonly sandbox: SandboxStore) {}

  /** A company by number; a removed one is undefined, as is one whose stored record no longer parses. */
  async get(id: string): Promise<RegistryCompany | undefined> {
    const stored = await this.sandbox.get(COUNTRY, id);
    if (stored?.removed) return undefined;
    if (stored) return this.fromStored(stored);
    const record = builtIn().byId.get(id);
    return record ? { id, record } : undefined;
  }

  /** A company by its internal id. */
  async byUuid(uuid: string): Promise<RegistryCompany | undefined> {
    const stored = (await this.sandbox.list(COUNTRY)).map((s) => this.fromStored(s)).find((c) => c?.record.company.uuid === uuid);
    if (stored) return stored;
    const id = builtIn().byUuid.get(uuid);
    const company = id ? await this.get(id) : undefined;
    // A built-in company the operator replaced has the uuid of the new record, not this one.
    return company?.record.company.uuid === uuid ? company : undefined;
  }

  /**
   * Every company, for a name search: built-in ones not overridden, then the stored ones. A built-in company the
   * operator removed is still listed (the store lists present companies only); callers confirm hits with `get`.
   */
  async all(): Promise<RegistryCompany[]> {
    const stored = await this.sandbox.list(COUNTRY);
    const overridden = new Set(stored.map((s) => s.companyId));
    const out: RegistryCompany[] = [];
    for (const [id, record] of builtIn().byId) if (!overridden.has(id)) out.push({ id, record });
    for (const s of stored) {
      const c = this.fromStored(s);
      if (c) out.push(c);
    }
    return out;
  }

  private fromStored(stored: SandboxRecord): RegistryCompany | undefined {
    const parsed = MtRecordSchema.safeParse(stored.record);
    return parsed.success ? { id: stored.companyId, record: complete(stored.companyId, parsed.data), stored } : undefined;
  }
}
