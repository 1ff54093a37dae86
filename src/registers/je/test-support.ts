import type { SandboxBehaviour, SandboxRecord, SandboxStore } from '../../sandbox/store.ts';

/**
 * Test support: the sandbox store's API in memory (records, behaviours, outage), so that emulator and connector tests
 * run without a database. The API tests run the real store on PGlite and PostgreSQL.
 */
export class MemorySandbox {
  outage = false;
  private readonly records = new Map<string, SandboxRecord>();

  put(companyId: string, record: unknown, behaviour: SandboxBehaviour = {}): void {
    this.records.set(companyId, { countryCode: 'JE', companyId, record, behaviour: { ...behaviour }, removed: false });
  }

  remove(companyId: string): void {
    this.records.set(companyId, { countryCode: 'JE', companyId, record: null, behaviour: {}, removed: true });
  }

  asStore(): SandboxStore {
    const store = {
      get: async (_c: string, id: string) => this.records.get(id),
      list: async () => [...this.records.values()].filter((r) => !r.removed),
      isInOutage: async () => this.outage,
      consumeFailure: async (_c: string, id: string) => {
        const b = this.records.get(id)?.behaviour;
        if (!b?.failTimes) return false;
        b.failTimes--;
        return true;
      },
    };
    return store as unknown as SandboxStore;
  }
}

/** A clock the test moves: link validity and report dates follow it. */
export function movableClock(start = '2026-02-01T09:00:00Z') {
  let now = new Date(start).getTime();
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}
