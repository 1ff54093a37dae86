import type { RegisterRegistry } from '../registers/registry.ts';
import { RegisterError } from '../registers/errors.ts';
import type { RequestRepository } from '../requests/repository.ts';
import type { ItemRow, RequestRow } from '../requests/types.ts';
import type { Clock } from '../shared/clock.ts';
import { deadline } from '../shared/deadline.ts';
import type { WorkQueue } from '../jobs/queue.ts';
import type { DataPoint } from '../contract/index.ts';
import { fetchesHandingOn, fetchOf, type Task } from './plan.ts';
import { isOpen } from './settle.ts';
import type { AccountSlots } from './account-slots.ts';
import { failureOf, type TaskRunner } from './runner.ts';

export const RETRIEVAL_JOB = 'retrieval.task';

/**
 * Fairness (a CN credit report takes minutes, a TEST call seconds): each register has a queue of its own, so a slow
 * register's jobs fill only its own REGISTER_SLOTS per process, and within it one account runs at most ACCOUNT_SLOTS
 * at once across all processes (AccountSlots, counted in the store); a job beyond that is sent again
 * ACCOUNT_DEFER_MS later instead of taking a slot. Jobs of a register no longer served (and jobs sent before the
 * queues were split) stay on RETRIEVAL_JOB.
 */
const REGISTER_SLOTS = 8;
const ACCOUNT_SLOTS = 4;
const ACCOUNT_DEFER_MS = 2_000;

interface JobPayload {
  requestId: string;
  task: Task;
  attempt: number;
  /** Times a document's job found a data point that hands it on still fetching (see `waitForHandingOn`). */
  waits?: number;
}

/** A document waiting for a data point's fetch looks again after this, doubling up to the maximum. */
const HAND_ON_WAIT_MS = 500;
const HAND_ON_WAIT_MAX_MS = 30_000;

export interface VerificationOptions {
  /** How long transient register failures are retried, from the request's creation (service clock). */
  retryWindowMs: number;
  /** Time one register attempt may take before it counts as a transient failure. */
  attemptTimeoutMs: number;
  /** First retry delay; doubles per attempt up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
}

/**
 * Verification mode: each task is a job; transient failures are retried with exponential backoff and
 * jitter until the retry window closes, then the item fails with `service_unavailable`, retryable.
 */
export class VerificationExecutor {
  constructor(
    private readonly runner: TaskRunner,
    private readonly requests: RequestRepository,
    private readonly registers: RegisterRegistry,
    private readonly queue: WorkQueue,
    private readonly clock: Clock,
    private readonly opts: VerificationOptions,
    /** Each account's share of a register's workers, across processes. */
    private readonly slots: AccountSlots,
  ) {
    for (const register of registers.all()) {
      queue.work(queueOf(register.countryCode), (payload: JobPayload) => this.run(payload), { slots: REGISTER_SLOTS });
    }
    queue.work(RETRIEVAL_JOB, (payload: JobPayload) => this.run(payload), { slots: 2 });
  }

  /** `request`: the request's id and register (which picks the queue). */
  async schedule(request: { id: string; countryCode: string }, task: Task, attempt = 0, delayMs = 0, waits?: number): Promise<void> {
    const name = this.registers.get(request.countryCode) ? queueOf(request.countryCode) : RETRIEVAL_JOB;
    const payload: JobPayload = { requestId: request.id, task, attempt, ...(waits ? { waits } : {}) };
    await this.queue.send(name, payload, { delayMs });
  }

  /**
   * Aborts the register calls in flight, at shutdown: a call of minutes (a CN report) would otherwise outlive the
   * queue, which gives up waiting for it, and keep the process alive with its timers.
   */
  stop(): void {
    this.stopping.abort();
  }

  private readonly stopping = new AbortController();

  private async run(payload: JobPayload): Promise<void> {
    const found = await this.requests.get(payload.requestId);
    if (!found) return;
    if (await this.waitForHandingOn(found, payload)) return;
    const release = await this.slots.hold(
      `${found.request.countryCode} ${found.request.accountId}`,
      ACCOUNT_SLOTS,
      this.sharedCallOf(found.request, payload.task),
    );
    if (!release) {
      // The account has its share of the register's slots: this job waits its turn off the slots, not on one.
      const jittered = ACCOUNT_DEFER_MS * (0.75 + Math.random() * 0.5);
      return this.schedule(found.request, payload.task, payload.attempt, jittered, payload.waits);
    }
    try {
      await this.runTask(found, payload);
    } finally {
      await release();
    }
  }

  /**
   * The register call the task waits on when other tasks of the request wait on it too (Register.sharedCall): they
   * hold one slot together, so that a CN request's four profile data points, one report download, leave the
   * account's other slots to its document list instead of holding all four for minutes.
   */
  private sharedCallOf(request: RequestRow, task: Task): string | undefined {
    if (task.kind !== 'dataPoint' || task.fetch === 'graph') return undefined;
    const call = this.registers.get(request.countryCode)?.sharedCall?.(task.fetch);
    return call === undefined ? undefined : `${request.id} ${call}`;
  }

  /**
   * A document that a data point of the same request still being fetched hands on (CN: the credit report the
   * profile is read from) is not fetched beside it: its job is sent again a little later, off the slots, and by then
   * the data point has usually delivered it (TaskRunner.deliverDownloaded). True when the job was put off.
   */
  private async waitForHandingOn(found: { request: RequestRow; items: ItemRow[] }, payload: JobPayload): Promise<boolean> {
    const { task } = payload;
    if (task.kind !== 'document') return false;
    if (!found.items.some((i) => i.kind === 'document' && i.name === task.documentId && isOpen(i))) return false; // delivered already
    const register = this.registers.get(found.request.countryCode);
    if (!register) return false;
    const fetches = fetchesHandingOn(register, task.documentId, found.request.dataPoints as DataPoint[]);
    const fetching = found.items.some(
      (i) => i.kind === 'dataPoint' && isOpen(i) && fetches.includes(fetchOf(i.name as DataPoint) as never),
    );
    if (!fetching) return false;
    const waits = payload.waits ?? 0;
    const delay = Math.min(HAND_ON_WAIT_MAX_MS, HAND_ON_WAIT_MS * 2 ** waits);
    await this.schedule(found.request, task, payload.attempt, delay, waits + 1);
    return true;
  }

  private async runTask(found: { request: RequestRow; items: ItemRow[] }, { requestId, task, attempt }: JobPayload): Promise<void> {
    const { request, items } = found;
    const open = items.some(
      (i) =>
        (i.status === 'in_progress' || i.status === 'enriching') &&
        (task.kind === 'document'
          ? i.kind === 'document' && i.name === task.documentId
          : i.kind === 'dataPoint' && task.items.includes(i.name as never)),
    );
    if (!open) return; // settled already, e.g. by another process before a restart
    const register = this.registers.get(request.countryCode);
    if (!register) {
      await this.runner.fail(request, task, {
        code: 'datapoint_not_supported',
        message: 'the register is no longer served',
        retryable: false,
      });
      return;
    }
    for (const name of task.kind === 'document' ? [task.documentId] : task.items) {
      await this.requests.countAttempt(requestId, task.kind, name);
    }
    const timeout = deadline(this.opts.attemptTimeoutMs, this.stopping.signal);
    try {
      await this.runner.attempt(register, request, task, timeout.signal);
    } catch (err) {
      // Cut off by the process stopping: the job fails, and pg-boss runs it again (here or in another process).
      if (this.stopping.signal.aborted) throw err;
      const error = timeout.expired
        ? RegisterError.unavailable(`the register did not answer within ${this.opts.attemptTimeoutMs} ms`)
        : err;
      const failure = failureOf(error, register.catalogue.register);
      if (failure.retryable) {
        const delay = this.nextDelay(request, attempt);
        if (delay !== undefined) return this.schedule(request, task, attempt + 1, delay);
        failure.message = `the register stayed unavailable for the retry window (${Math.round(this.opts.retryWindowMs / 1000)} s): ${failure.message}`;
      }
      await this.runner.fail(request, task, failure);
    } finally {
      timeout.clear();
    }
  }

  /** The delay before the next attempt, or undefined when the retry window is over. */
  private nextDelay(request: RequestRow, attempt: number): number | undefined {
    const windowEnd = request.createdAt.getTime() + this.opts.retryWindowMs;
    const left = windowEnd - this.clock.nowMs();
    if (left <= 0) return undefined;
    const exp = Math.min(this.opts.maxDelayMs, this.opts.baseDelayMs * 2 ** attempt);
    const jittered = exp * (0.8 + Math.random() * 0.4);
    return Math.min(jittered, left);
  }
}

/** The queue of a register's verification jobs. */
function queueOf(countryCode: string): string {
  return `${RETRIEVAL_JOB}.${countryCode}`;
}
