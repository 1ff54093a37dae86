import type { RegisterRegistry } from '../registers/registry.ts';
import type { Queryable } from '../store/db.ts';
import { type MigrationSet, pendingMigrations } from '../store/migrate.ts';
import { FAILING_OUTCOMES, type RegisterCallOutcome, type RegisterOutcomes } from './registers.ts';

export interface ReadinessReport {
  status: 'ready' | 'unready';
  /** Why the process cannot serve; empty when ready. */
  reasons: string[];
  role: string;
  checks: {
    store: 'ok' | 'unreachable';
    migrations: 'ok' | 'pending' | 'unknown';
    jobEngine: 'running' | 'stopped';
  };
  /**
   * Each register's last call. Reported, not gating: one register's outage must not take every API process out of
   * the load balancer, since the others' registers still answer (and the outage is the register's, not the process's).
   */
  registers: Record<string, { status: 'up' | 'failing' | 'not_called'; lastCall?: RegisterCallOutcome }>;
}

const STORE_TIMEOUT_MS = 2000;

/** What `/readyz` checks: the store answers, its migrations are this build's, the job engine runs; and the registers. */
export class Readiness {
  constructor(
    private readonly deps: {
      db: Queryable;
      /** The registers' own migration sets, checked with the core's. */
      migrationSets?: readonly MigrationSet[];
      jobEngine: { readonly running: boolean };
      registers: RegisterRegistry;
      outcomes: RegisterOutcomes;
      role: string;
    },
  ) {}

  async check(): Promise<ReadinessReport> {
    const reasons: string[] = [];
    let store: ReadinessReport['checks']['store'] = 'ok';
    let migrations: ReadinessReport['checks']['migrations'] = 'unknown';
    try {
      const pending = await withTimeout(pendingMigrations(this.deps.db, this.deps.migrationSets), STORE_TIMEOUT_MS);
      migrations = pending.length ? 'pending' : 'ok';
      if (pending.length) reasons.push(`migrations not applied: ${pending.join(', ')}`);
    } catch (err) {
      store = 'unreachable';
      reasons.push(`store unreachable: ${err instanceof Error ? err.message : String(err)}`);
    }
    const jobEngine = this.deps.jobEngine.running ? 'running' : 'stopped';
    if (jobEngine === 'stopped') reasons.push('job engine stopped');
    const registers: ReadinessReport['registers'] = {};
    for (const r of this.deps.registers.all()) {
      const lastCall = this.deps.outcomes.get(r.countryCode);
      registers[r.countryCode] = lastCall
        ? { status: FAILING_OUTCOMES.has(lastCall.outcome) ? 'failing' : 'up', lastCall }
        : { status: 'not_called' };
    }
    return {
      status: reasons.length ? 'unready' : 'ready',
      reasons,
      role: this.deps.role,
      checks: { store, migrations, jobEngine },
      registers,
    };
  }
}

async function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      p,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}
