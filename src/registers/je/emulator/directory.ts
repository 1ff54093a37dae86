import { readFileSync } from 'node:fs';
import { lazy } from '../../../enrichment/reference/files.ts';
import type { SandboxRecord, SandboxStore } from '../../../sandbox/store.ts';
import { JeRecordSchema, type JeRecord } from '../record.ts';

export const COUNTRY = 'JE';

/** An entity the registry knows, with the operator's behaviour when it was stored through the admin API. */
export interface RegistryEntity {
  number: string;
  record: JeRecord;
  stored?: SandboxRecord;
}

// Parsed on first use, not at import: a service that never touches JE does not pay for it.
const seeded = lazy(() => {
  const { companies } = JSON.parse(readFileSync(new URL('./seed.json', import.meta.url), 'utf8')) as { companies: unknown[] };
  const byNumber = new Map<string, JeRecord>();
  for (const c of companies) {
    const record = JeRecordSchema.parse(c);
    const number = record.entity.registrationNumber;
    if (!number || byNumber.has(number)) throw new Error(`JE seed: missing or repeated registration number ${number}`);
    byNumber.set(number, record);
  }
  return byNumber;
});

/** The registry's entities: the seeded ones, overridden or removed by what the operator stored (CONTRACT §5). */
export class RegistryDirectory {
  constructor(private readonly sandbox: SandboxStore) {}

  /** An entity by number; undefined when unknown, removed, or stored with a record that no longer parses. */
  async get(number: string): Promise<RegistryEntity | undefined> {
    const stored = await this.sandbox.get(COUNTRY, number);
    if (stored?.removed) return undefined;
    if (stored) return this.ofStored(stored);
    const record = seeded().get(number);
    return record ? { number, record } : undefined;
  }

  /** Every entity present, for a search: seeded ones not overridden or removed, then the stored ones. */
  async all(): Promise<RegistryEntity[]> {
    const stored = await this.sandbox.list(COUNTRY);
    const overridden = new Set(stored.map((s) => s.companyId));
    const out: RegistryEntity[] = [];
    for (const [number, record] of seeded()) {
      if (overridden.has(number)) continue;
      // The store lists present companies only: a seeded one the operator removed must be checked on its own.
      if ((await this.sandbox.get(COUNTRY, number))?.removed) continue;
      out.push({ number, record });
    }
    for (const s of stored) {
      const entity = this.ofStored(s);
      if (entity) out.push(entity);
    }
    return out;
  }

  private ofStored(stored: SandboxRecord): RegistryEntity | undefined {
    const parsed = JeRecordSchema.safeParse(stored.record);
    if (!parsed.success) return undefined;
    const record = { ...parsed.data, entity: { ...parsed.data.entity, registrationNumber: stored.companyId } };
    return { number: stored.companyId, record, stored };
  }
}
