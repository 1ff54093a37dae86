import type { RegisterRegistry } from '../registers/registry.ts';
import { RegisterError } from '../registers/errors.ts';
import type { RequestRepository, RequestRow } from '../store/repositories/requests.ts';
import type { Clock } from '../shared/clock.ts';
import type { WorkQueue } from '../jobs/queue.ts';
import type { Task } from './plan.ts';
import { failureOf, type TaskRunner } from './runner.ts';

export const RETRIEVAL_JOB = 'retrieval.task';

interface JobPayload {
  requestId: string;
  task: Task;
  attempt: number;
}

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
  ) {
    queue.work(RETRIEVAL_JOB, (payload: JobPayload) => this.run(payload));
  }

  async schedule(requestId: string, task: Task, attempt = 0, delayMs = 0): Promise<void> {
    await this.queue.send(RETRIEVAL_JOB, { requestId, task, attempt } satisfies JobPayload, { delayMs });
  }

  private async run({ requestId, task, attempt }: JobPayload): Promise<void> {
    const found = await this.requests.get(requestId);
    if (!found) return;
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
    const signal = AbortSignal.timeout(this.opts.attemptTimeoutMs);
    for (const name of task.kind === 'document' ? [task.documentId] : task.items) {
      await this.requests.countAttempt(requestId, task.kind, name);
    }
    try {
      await this.runner.attempt(register, request, task, signal);
    } catch (err) {
      const error = signal.aborted ? RegisterError.unavailable(`the register did not answer within ${this.opts.attemptTimeoutMs} ms`) : err;
      const failure = failureOf(error, register.catalogue.register);
      if (failure.retryable) {
        const delay = this.nextDelay(request, attempt);
        if (delay !== undefined) return this.schedule(requestId, task, attempt + 1, delay);
        failure.message = `the register stayed unavailable for the retry window (${Math.round(this.opts.retryWindowMs / 1000)} s): ${failure.message}`;
      }
      await this.runner.fail(request, task, failure);
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
