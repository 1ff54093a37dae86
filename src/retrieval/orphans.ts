import type { DataPoint } from '../contract/index.ts';
import type { ProcessLease } from '../jobs/process-lease.ts';
import type { Clock } from '../shared/clock.ts';
import type { RequestRepository } from '../requests/repository.ts';
import { LeaseRepository } from '../store/leases.ts';
import type { Db } from '../store/db.ts';
import type { AgenticEnrichment } from './agentic-enrichment.ts';
import { isOpen } from './settle.ts';
import { taskOfItem, type Task } from './plan.ts';
import type { OnboardingExecutor } from './onboarding.ts';
import type { VerificationExecutor } from './verification.ts';

/**
 * Takes over the requests of processes that died (their lease expired), and this process's own that it no longer
 * runs (stranded: RetrievalService.isRunning): every process looks at start and then every third of the lease's
 * life. An onboarding request is settled once its deadline has passed, as the spec says for an onboarding timeout
 * (its items fail with `onboarding_timeout`, holds are released, only what had succeeded stays charged); a
 * verification request whose jobs may never have been sent has its open tasks sent.
 */
export class OrphanSweeper {
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private readonly leases: LeaseRepository;

  constructor(
    db: Db,
    private readonly lease: ProcessLease,
    private readonly requests: RequestRepository,
    private readonly onboarding: OnboardingExecutor,
    private readonly verification: VerificationExecutor,
    private readonly clock: Clock,
    private readonly enrichment: AgenticEnrichment | undefined,
    private readonly onError: (err: unknown) => void = () => undefined,
    /** Whether this process is accepting or running a request (RetrievalService.isRunning). */
    private readonly isRunning: (requestId: string) => boolean = () => false,
  ) {
    this.leases = new LeaseRepository(db);
  }

  start(): void {
    this.timer = setInterval(() => void this.tick(), Math.max(100, this.lease.ttlMs / 3));
    this.timer.unref();
    void this.tick();
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    await this.running;
  }

  /** One pass (never two at once in a process); returns how many requests it took over. */
  async sweep(): Promise<number> {
    await this.leases.pruneExpired();
    const cutoff = new Date(this.clock.nowMs() - this.onboarding.deadlineMs);
    // With a dead process's requests, this process's own that it does not run (stranded) past the same cutoff.
    const stranded = (await this.requests.leasedBy(this.lease.id, cutoff))
      .filter(({ id }) => !this.isRunning(id))
      .map(({ id }) => ({ id, leaseOwner: this.lease.id }));
    let taken = 0;
    for (const { id, leaseOwner } of [...(await this.requests.orphaned(cutoff)), ...stranded]) {
      // Still under that lease: another process may have taken an orphan first, and a request of this process's may
      // have ended its lease since it was read.
      if (!(await this.requests.takeOver(id, leaseOwner, this.lease.id))) continue;
      await this.settle(id);
      await this.requests.releaseLease(id, this.lease.id);
      taken++;
    }
    return taken;
  }

  private tick(): Promise<void> {
    this.running ??= this.sweep()
      .then(() => undefined, this.onError)
      .finally(() => {
        this.running = undefined;
      });
    return this.running;
  }

  private async settle(requestId: string): Promise<void> {
    const found = await this.requests.get(requestId);
    if (!found) return;
    const { request, items } = found;
    const tasks = new Map<string, Task>();
    for (const item of items.filter(isOpen)) {
      // A verification document that arrived and waits only for its including block needs no new fetch.
      if (request.mode !== 'onboarding' && item.kind === 'document' && item.result !== null) continue;
      const task = taskOfItem(item.kind, item.name, request.dataPoints as DataPoint[]);
      tasks.set(task.kind === 'document' ? `doc:${task.documentId}` : task.fetch, task);
    }
    for (const task of tasks.values()) {
      if (request.mode === 'onboarding') await this.onboarding.abandon(request, task);
      else await this.verification.schedule(request, task);
    }
    // Its owner may have died between the last settlement and the enrichment that follows it.
    if (!tasks.size) await this.enrichment?.afterSettle(request);
  }
}
