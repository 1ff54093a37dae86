import type { SandboxBehaviour, SandboxStore } from '../../sandbox/store.ts';
import type { UsNyEntityRepository } from './repositories/entities.ts';
import type { UsNySnapshotRepository } from './repositories/snapshots.ts';
import { RegisterError } from '../errors.ts';
import type { NameHistoryEntry, SnapshotEntity } from './columns.ts';
import { unpackRow } from './packed-row.ts';
import type { EntityRecordResponse } from './portal/protocol.ts';
import { parseSandboxRecord } from './record.ts';
import { COUNTRY } from './sandbox-overlay.ts';

export type SnapshotLookup =
  | { kind: 'found'; entity: SnapshotEntity; asOf: Date; behaviour: SandboxBehaviour; live?: EntityRecordResponse }
  | { kind: 'removed' }
  | { kind: 'missing' };

export interface SnapshotSourceDeps {
  entities: UsNyEntityRepository;
  snapshots: UsNySnapshotRepository;
  /** Sandbox mode: the operator's companies, which take precedence over the snapshot. */
  sandbox?: SandboxStore;
  now: () => Date;
  /** Runs before the first lookup (the sandbox seeds its snapshot). */
  prepare?: () => Promise<void>;
}

/** The deduplicated snapshot, as onboarding and verification read it: the operator's companies first, then the store. */
export class SnapshotSource {
  private prepared: Promise<void> | undefined;
  /** Lookups under way, by id: the blocks of one request (or one monitor check) ask for the same id side by side. */
  private readonly inFlight = new Map<string, Promise<SnapshotLookup>>();

  constructor(private readonly deps: SnapshotSourceDeps) {}

  ready(): Promise<void> {
    return (this.prepared ??= (this.deps.prepare?.() ?? Promise.resolve()).catch((err) => {
      this.prepared = undefined;
      throw err;
    }));
  }

  /**
   * The entity as the snapshot has it. Concurrent lookups of one id share one read (three queries); the answer is
   * shared, and callers only read it.
   */
  lookup(dosId: string): Promise<SnapshotLookup> {
    let lookup = this.inFlight.get(dosId);
    if (!lookup) {
      lookup = this.read(dosId).finally(() => this.inFlight.delete(dosId));
      this.inFlight.set(dosId, lookup);
    }
    return lookup;
  }

  private async read(dosId: string): Promise<SnapshotLookup> {
    await this.ready();
    const stored = await this.deps.sandbox?.get(COUNTRY, dosId);
    if (stored) {
      if (stored.removed) return { kind: 'removed' };
      const parsed = parseSandboxRecord(dosId, stored.record);
      if (!parsed) throw new RegisterError('processing_failed', `the US-NY sandbox record of ${dosId} is not a valid snapshot row`, false);
      return {
        kind: 'found',
        entity: parsed.entity,
        asOf: this.deps.now(),
        behaviour: stored.behaviour,
        ...(parsed.live ? { live: parsed.live } : {}),
      };
    }
    const e = await this.deps.entities.get(dosId);
    if (!e) return { kind: 'missing' };
    if (e.removedAt) return { kind: 'removed' };
    // An unchanged row is confirmed by every later snapshot: it is as of the latest one.
    const snapshot = await this.deps.snapshots.latestDone();
    return {
      kind: 'found',
      entity: { row: unpackRow(e.row), names: e.names ? (JSON.parse(e.names) as NameHistoryEntry[]) : [] },
      asOf: snapshot?.finishedAt ?? snapshot?.startedAt ?? this.deps.now(),
      behaviour: {},
    };
  }
}
