import { z } from 'zod';
import type { Clock } from '../shared/clock.ts';
import type { SandboxRepository } from './repository.ts';
import { SandboxSnapshots } from './snapshots.ts';

/** Per-company behaviour of an emulated register (CONTRACT §5). */
export const SandboxBehaviour = z
  .object({
    latencyMs: z
      .union([
        z.number().int().min(0).max(3_600_000),
        z
          .object({
            search: z.number().int().min(0).max(3_600_000).optional(),
            profile: z.number().int().min(0).max(3_600_000).optional(),
            documents: z.number().int().min(0).max(3_600_000).optional(),
          })
          .strict(),
      ])
      .optional(),
    failTimes: z.number().int().min(0).max(1_000_000).optional().describe('How many next calls fail as unavailable.'),
    unavailable: z.boolean().optional().describe('Every call fails as unavailable.'),
    notFound: z.boolean().optional().describe('Every call answers not found.'),
  })
  .strict()
  .meta({ id: 'SandboxBehaviour' });
export type SandboxBehaviour = z.infer<typeof SandboxBehaviour>;

export type CallKind = 'search' | 'profile' | 'documents';

export interface SandboxRecord<R = unknown> {
  countryCode: string;
  companyId: string;
  record: R;
  behaviour: SandboxBehaviour;
  removed: boolean;
}

/**
 * The state of the emulated registers: companies stored by the operator, their behaviours, and outages.
 * Kept in the database so that every service process sees the same registers; times come from the service clock.
 * Reads come from a snapshot per register (`SandboxSnapshots`): writes through this store are seen at once, those of
 * other processes within `freshForMs`.
 */
export class SandboxStore {
  private readonly snapshots: SandboxSnapshots;

  constructor(
    private readonly repo: SandboxRepository,
    private readonly clock: Clock,
    opts: { freshForMs?: number } = {},
  ) {
    this.snapshots = new SandboxSnapshots(repo, opts.freshForMs);
  }

  async get<R = unknown>(countryCode: string, companyId: string): Promise<SandboxRecord<R> | undefined> {
    return (await this.snapshots.get(countryCode)).byId.get(companyId) as SandboxRecord<R> | undefined;
  }

  /** Every stored company of a register that is still in it; with `removed`, those removed from it as well. */
  async list<R = unknown>(countryCode: string, opts: { removed?: boolean } = {}): Promise<SandboxRecord<R>[]> {
    const { records } = await this.snapshots.get(countryCode);
    return (opts.removed ? [...records] : records.filter((r) => !r.removed)) as SandboxRecord<R>[];
  }

  async put(countryCode: string, companyId: string, record: unknown, behaviour: SandboxBehaviour = {}): Promise<void> {
    try {
      await this.repo.put(countryCode, companyId, record, behaviour, this.clock.now());
    } finally {
      this.snapshots.drop(countryCode);
    }
  }

  /** Marks a company as having left the register; returns false when it was never stored. */
  async remove(countryCode: string, companyId: string): Promise<boolean> {
    try {
      return await this.repo.markRemoved(countryCode, companyId, this.clock.now());
    } finally {
      this.snapshots.drop(countryCode);
    }
  }

  /**
   * Takes one failure from a company's `failTimes`, atomically across processes.
   * True when this call must fail.
   */
  async consumeFailure(countryCode: string, companyId: string): Promise<boolean> {
    const failed = await this.repo.consumeFailure(countryCode, companyId);
    // The count left is in the behaviour the snapshot holds.
    if (failed) this.snapshots.drop(countryCode);
    return failed;
  }

  async setOutage(countryCode: string, durationMs: number): Promise<Date> {
    const until = new Date(this.clock.nowMs() + durationMs);
    try {
      await this.repo.setOutageUntil(countryCode, until);
    } finally {
      this.snapshots.drop(countryCode);
    }
    return until;
  }

  async isInOutage(countryCode: string): Promise<boolean> {
    const until = (await this.snapshots.get(countryCode)).outageUntil;
    return until !== undefined && until.getTime() > this.clock.nowMs();
  }
}

export type SandboxLatency = 'none' | 'fast' | 'realistic';

/** Scales a realistic register latency to the configured sandbox speed (fast = 1/100). */
export function scaleLatency(realisticMs: number, level: SandboxLatency): number {
  if (level === 'none') return 0;
  return level === 'fast' ? Math.round(realisticMs / 100) : realisticMs;
}

/** The latency a behaviour sets for one kind of call, if any. */
export function behaviourLatency(behaviour: SandboxBehaviour, kind: CallKind): number | undefined {
  const l = behaviour.latencyMs;
  return typeof l === 'number' ? l : l?.[kind];
}
