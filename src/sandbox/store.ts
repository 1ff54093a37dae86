import { z } from 'zod';
import type { Clock } from '../shared/clock.ts';
import type { SandboxRepository } from './repository.ts';

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
 */
export class SandboxStore {
  constructor(
    private readonly repo: SandboxRepository,
    private readonly clock: Clock,
  ) {}

  get<R = unknown>(countryCode: string, companyId: string): Promise<SandboxRecord<R> | undefined> {
    return this.repo.get<R>(countryCode, companyId);
  }

  /** Every stored company of a register that is still in it; with `removed`, those removed from it as well. */
  list<R = unknown>(countryCode: string, opts: { removed?: boolean } = {}): Promise<SandboxRecord<R>[]> {
    return this.repo.list<R>(countryCode, opts);
  }

  put(countryCode: string, companyId: string, record: unknown, behaviour: SandboxBehaviour = {}): Promise<void> {
    return this.repo.put(countryCode, companyId, record, behaviour, this.clock.now());
  }

  /** Marks a company as having left the register; returns false when it was never stored. */
  remove(countryCode: string, companyId: string): Promise<boolean> {
    return this.repo.markRemoved(countryCode, companyId, this.clock.now());
  }

  /**
   * Takes one failure from a company's `failTimes`, atomically across processes.
   * True when this call must fail.
   */
  consumeFailure(countryCode: string, companyId: string): Promise<boolean> {
    return this.repo.consumeFailure(countryCode, companyId);
  }

  async setOutage(countryCode: string, durationMs: number): Promise<Date> {
    const until = new Date(this.clock.nowMs() + durationMs);
    await this.repo.setOutageUntil(countryCode, until);
    return until;
  }

  async isInOutage(countryCode: string): Promise<boolean> {
    const until = await this.repo.outageUntil(countryCode);
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
