import type { Config } from '../config.ts';
import type { WorkQueue } from '../jobs/queue.ts';
import type { Logger } from '../observability/logger.ts';
import { instrumentRegister, RegisterOutcomes } from '../observability/registers.ts';
import { MANIFESTS } from '../registers/index.ts';
import { createRegisters } from '../registers/manifest.ts';
import { RegisterRegistry } from '../registers/registry.ts';
import { SandboxRepository } from '../sandbox/repository.ts';
import { SandboxStore } from '../sandbox/store.ts';
import type { Clock } from '../shared/clock.ts';
import type { Db } from '../store/db.ts';

/** The registers of the build, each instrumented (outcomes for readiness and metrics), and the sandbox they may emulate. */
export function createRegisterRegistry(config: Config, deps: { db: Db; clock: Clock; log: Logger }) {
  const { db, clock, log } = deps;
  const sandbox = new SandboxStore(new SandboxRepository(db), clock);
  const registerOutcomes = new RegisterOutcomes();
  const registers = new RegisterRegistry(
    createRegisters(
      MANIFESTS,
      { mode: config.REGISTERS, sandbox, latency: config.SANDBOX_LATENCY, now: () => clock.now(), db },
      config.env,
    ).map((r) => instrumentRegister(r, registerOutcomes, log)),
    MANIFESTS,
  );
  return { registers, registerOutcomes, sandbox };
}

/** Lets each register start its own work (snapshot feeds, schedules) on the job queue. */
export async function startRegisters(registers: RegisterRegistry, queue: WorkQueue, log: Logger): Promise<void> {
  for (const r of registers.all()) await r.start?.({ queue, log });
}
