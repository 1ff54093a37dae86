import type { SandboxRecord, SandboxStore } from '../../sandbox/store.ts';
import { parseSandboxRecord, type ParsedSandboxRecord } from './record.ts';

export const COUNTRY = 'US-NY';

/** The operator's stored US-NY companies, as the search index sees them: present (with their row) or removed. */
export type OverlayEntry = { dosId: string; removed: true } | { dosId: string; removed: false; record: ParsedSandboxRecord };

/**
 * Keeps track of the operator's sandbox companies (CONTRACT §5) for the search index: they take precedence over the
 * seeded snapshot, and a removed one hides the snapshot's entity of the same id. They come from the sandbox store's
 * snapshot of the register (src/sandbox/snapshots.ts: read again behind the callers, a write through this process seen
 * at once, one through another within a second), which keeps the object of a record whose row has not changed: a
 * search compares objects, and parses only what changed. (It ran a query hashing every stored record on each search:
 * a cost that grew with the operator's companies, and a wait for the store.)
 */
export class SandboxOverlay {
  private readonly entries = new Map<string, OverlayEntry>();
  /** The stored records last seen, by company: the snapshot's objects, unchanged while their rows are. */
  private readonly seen = new Map<string, SandboxRecord>();

  constructor(private readonly sandbox: Pick<SandboxStore, 'list'>) {}

  get(dosId: string): OverlayEntry | undefined {
    return this.entries.get(dosId);
  }

  all(): IterableIterator<OverlayEntry> {
    return this.entries.values();
  }

  /** Brings the entries up to date with the stored companies; returns those that changed (added, replaced or removed). */
  async sync(): Promise<OverlayEntry[]> {
    const records = await this.sandbox.list(COUNTRY, { removed: true });
    const changed: OverlayEntry[] = [];
    for (const stored of records) {
      if (this.seen.get(stored.companyId) === stored) continue;
      this.seen.set(stored.companyId, stored);
      const record = stored.removed ? undefined : parseSandboxRecord(stored.companyId, stored.record);
      const entry: OverlayEntry = record ? { dosId: stored.companyId, removed: false, record } : { dosId: stored.companyId, removed: true };
      const prev = this.entries.get(stored.companyId);
      if (!prev || JSON.stringify(prev) !== JSON.stringify(entry)) changed.push(entry);
      this.entries.set(stored.companyId, entry);
    }
    if (this.seen.size > records.length) {
      // Rows are never deleted (a removal is a mark), but a store emptied under the process is followed too.
      const ids = new Set(records.map((r) => r.companyId));
      for (const id of [...this.seen.keys()])
        if (!ids.has(id)) {
          this.seen.delete(id);
          this.entries.delete(id);
        }
    }
    return changed;
  }
}
