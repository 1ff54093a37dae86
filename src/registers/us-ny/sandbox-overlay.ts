import type { Db } from '../../store/db.ts';
import { parseSandboxRecord, type ParsedSandboxRecord } from './record.ts';

export const COUNTRY = 'US-NY';

/** The operator's stored US-NY companies, as the search index sees them: present (with their row) or removed. */
export type OverlayEntry = { dosId: string; removed: true } | { dosId: string; removed: false; record: ParsedSandboxRecord };

/**
 * Keeps track of the operator's sandbox companies (CONTRACT §5) for the search index: they take precedence over the
 * seeded snapshot, and a removed one hides the snapshot's entity of the same id. A cheap fingerprint query tells
 * whether anything changed since the last look, so a search pays one small query.
 */
export class SandboxOverlay {
  private fingerprint = '';
  private readonly entries = new Map<string, OverlayEntry>();

  constructor(private readonly db: Db) {}

  get(dosId: string): OverlayEntry | undefined {
    return this.entries.get(dosId);
  }

  all(): IterableIterator<OverlayEntry> {
    return this.entries.values();
  }

  /** Reloads when the stored companies changed; returns the entries that changed (added, replaced or removed). */
  async sync(): Promise<OverlayEntry[]> {
    const [fp] = await this.db.query<{ fp: string | null }>(
      `select md5(string_agg(company_id || ':' || updated_at::text || ':' || coalesce(removed_at::text, '') || ':' || md5(record::text), ',' order by company_id)) as fp
         from sandbox_companies where country_code = $1`,
      [COUNTRY],
    );
    const fingerprint = fp?.fp ?? '';
    if (fingerprint === this.fingerprint) return [];
    this.fingerprint = fingerprint;
    const rows = await this.db.query<{ company_id: string; record: unknown; removed_at: Date | null }>(
      'select company_id, record, removed_at from sandbox_companies where country_code = $1',
      [COUNTRY],
    );
    const changed: OverlayEntry[] = [];
    const seen = new Set<string>();
    for (const r of rows) {
      seen.add(r.company_id);
      const record = r.removed_at ? undefined : parseSandboxRecord(r.company_id, r.record);
      const entry: OverlayEntry = record ? { dosId: r.company_id, removed: false, record } : { dosId: r.company_id, removed: true };
      const prev = this.entries.get(r.company_id);
      if (!prev || JSON.stringify(prev) !== JSON.stringify(entry)) changed.push(entry);
      this.entries.set(r.company_id, entry);
    }
    for (const id of [...this.entries.keys()]) if (!seen.has(id)) this.entries.delete(id);
    return changed;
  }
}
