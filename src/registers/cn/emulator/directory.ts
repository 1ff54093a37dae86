import { readFileSync } from 'node:fs';
import { lazy } from '../../../enrichment/reference/files.ts';
import type { SandboxRecord, SandboxStore } from '../../../sandbox/store.ts';
import { NAME_CHANGE } from '../labels.ts';
import { CnRecordSchema, type CnRecord } from '../record.ts';
import { generateCompanies } from './generator.ts';

export const COUNTRY = 'CN';
/** How many generated companies the sandbox portal holds besides the hand-written ones. */
const GENERATED = 300;

/** A company the portal knows, with the operator's behaviour when it was stored through the admin API. */
export interface PortalCompany {
  record: CnRecord;
  stored?: SandboxRecord;
}

// Built on first use, not at import: a service that never touches CN does not pay for it.
const builtIn = lazy(() => {
  const seeds = (JSON.parse(readFileSync(new URL('./seed.json', import.meta.url), 'utf8')) as { companies: unknown[] }).companies;
  const all = [...seeds, ...generateCompanies(GENERATED)].map((c) => CnRecordSchema.parse(c));
  const byCode = new Map<string, CnRecord>();
  for (const r of all) if (!byCode.has(r.统一社会信用代码!)) byCode.set(r.统一社会信用代码!, r);
  return byCode;
});

/** The portal's companies: the built-in ones, overridden or removed by what the operator stored (CONTRACT §5). */
export class PortalDirectory {
  constructor(private readonly sandbox: SandboxStore) {}

  /** A company by code; a removed one is undefined, as is one whose stored record no longer parses. */
  async get(uscc: string): Promise<PortalCompany | undefined> {
    const stored = await this.sandbox.get(COUNTRY, uscc);
    if (stored?.removed) return undefined;
    if (stored) {
      const parsed = CnRecordSchema.safeParse(stored.record);
      return parsed.success ? { record: { ...parsed.data, 统一社会信用代码: uscc }, stored } : undefined;
    }
    const record = builtIn().get(uscc);
    return record ? { record } : undefined;
  }

  /**
   * Every company, for a search: built-in ones not overridden, then the stored ones. A built-in company the operator
   * removed is still listed here (the store lists only present companies); search confirms its hits with `get`.
   */
  async all(): Promise<PortalCompany[]> {
    const stored = await this.sandbox.list(COUNTRY);
    const overridden = new Set(stored.map((s) => s.companyId));
    const out: PortalCompany[] = [];
    for (const [code, record] of builtIn()) if (!overridden.has(code)) out.push({ record });
    for (const s of stored) {
      const parsed = CnRecordSchema.safeParse(s.record);
      if (parsed.success) out.push({ record: { ...parsed.data, 统一社会信用代码: s.companyId }, stored: s });
    }
    return out;
  }
}

/** Former names: the 变更前内容 of each change of name. */
export function formerNames(r: CnRecord): string[] {
  return r.变更信息.flatMap((c) => (c.变更事项.includes(NAME_CHANGE) && c.变更前内容 ? [c.变更前内容] : []));
}
