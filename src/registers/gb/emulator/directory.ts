import type { SandboxRecord, SandboxStore } from '../../../sandbox/store.ts';
import { GbRecordSchema, type GbRecord } from '../record.ts';
import { seededCompanies } from './seed.ts';

export const COUNTRY = 'GB';

/** A company the register knows, with the operator's behaviour when it was stored through the admin API. */
export interface RegisterCompany {
  number: string;
  record: GbRecord;
  stored?: SandboxRecord;
}

/** The register's companies: the seeded ones, overridden or removed by what the operator stored (CONTRACT §5). */
export class CompanyDirectory {
  /** Per stored record (the sandbox snapshot's object, replaced when the record changes): the company it parses to. */
  private readonly parsed = new WeakMap<SandboxRecord, RegisterCompany | undefined>();
  /** The last `all()`: the stored records it was made of, and its answer. */
  private lastAll: { stored: readonly SandboxRecord[]; companies: readonly RegisterCompany[] } | undefined;

  constructor(private readonly sandbox: SandboxStore) {}

  /** A company by number; undefined when unknown, removed, or stored with a record that no longer parses. */
  async get(number: string): Promise<RegisterCompany | undefined> {
    const stored = await this.sandbox.get(COUNTRY, number);
    if (stored?.removed) return undefined;
    if (stored) return this.ofStored(stored);
    const record = seededCompanies().get(number);
    return record ? { number, record } : undefined;
  }

  /**
   * Every company present, for a search: seeded ones not overridden or removed, then the stored ones. The same array
   * as the last call while the stored records are the same objects (the sandbox snapshot keeps them while their rows
   * are unchanged): the stream log's scan, ten times a second while a stream is connected, tells that nothing changed by that.
   */
  async all(): Promise<readonly RegisterCompany[]> {
    // Removed ones included: a removed seeded company is gone from the register.
    const stored = await this.sandbox.list(COUNTRY, { removed: true });
    const last = this.lastAll;
    if (last && last.stored.length === stored.length && last.stored.every((s, i) => s === stored[i])) return last.companies;
    const overridden = new Set(stored.map((s) => s.companyId));
    const out: RegisterCompany[] = [];
    for (const [number, record] of seededCompanies()) {
      if (!overridden.has(number)) out.push({ number, record });
    }
    for (const s of stored) {
      if (s.removed) continue;
      const company = this.ofStored(s);
      if (company) out.push(company);
    }
    this.lastAll = { stored, companies: out };
    return out;
  }

  private ofStored(stored: SandboxRecord): RegisterCompany | undefined {
    if (this.parsed.has(stored)) return this.parsed.get(stored);
    const company = this.parse(stored);
    this.parsed.set(stored, company);
    return company;
  }

  private parse(stored: SandboxRecord): RegisterCompany | undefined {
    const parsed = GbRecordSchema.safeParse(stored.record);
    if (!parsed.success) return undefined;
    // The number in the path wins over the profile's.
    const record = { ...parsed.data, profile: { ...parsed.data.profile, company_number: stored.companyId } };
    return { number: stored.companyId, record, stored };
  }
}
