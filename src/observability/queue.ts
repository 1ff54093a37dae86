import type { JobToSend, SendOptions, WorkOptions, WorkQueue } from '../jobs/queue.ts';
import { runAsJob, withRequestId } from './context.ts';
import { type Logger, logFailure } from './logger.ts';
import { jobDuration } from './metrics.ts';

/**
 * The job engine as the domain sees it, with what operations need around it:
 * - a job sent while a request's work runs carries that request's `x-request-id`, and runs in its context, so the
 *   job's log lines (and the jobs, register calls and deliveries it causes in turn) name the request;
 * - every job is timed into the metrics and logged with its outcome;
 * - `runsJobs: false` (ROLE=api) makes this process only send jobs: handlers are not registered, so the workers of
 *   other processes run them.
 */
export class ContextQueue implements WorkQueue {
  constructor(
    private readonly inner: WorkQueue,
    private readonly log: Logger,
    private readonly runsJobs = true,
  ) {}

  send(name: string, payload: object, opts?: SendOptions): Promise<void> {
    return this.inner.send(name, withRequestId(payload), opts);
  }

  sendMany(name: string, jobs: readonly JobToSend[]): Promise<void> {
    return this.inner.sendMany(
      name,
      jobs.map((job) => ({ ...job, payload: withRequestId(job.payload) })),
    );
  }

  work(name: string, handler: (payload: any) => Promise<void>, opts?: WorkOptions): void {
    if (!this.runsJobs) return;
    this.inner.work(name, (payload) => runAsJob(payload, () => this.timed(name, 1, () => handler(payload))), opts);
  }

  /** A batch may hold jobs of several requests: its handler enters each job's context itself (`runAsJob`). */
  workBatch(name: string, handler: (payloads: any[]) => Promise<void>, opts?: WorkOptions): void {
    if (!this.runsJobs) return;
    this.inner.workBatch(name, (payloads) => this.timed(name, payloads.length, () => handler(payloads)), opts);
  }

  stop(): Promise<void> {
    return this.inner.stop();
  }

  private async timed(queue: string, jobs: number, run: () => Promise<void>): Promise<void> {
    const started = performance.now();
    const end = (outcome: 'ok' | 'failed') => {
      const seconds = (performance.now() - started) / 1000;
      jobDuration.observe({ queue, outcome }, seconds);
      return { queue, jobs, ms: Math.round(seconds * 1000) };
    };
    try {
      await run();
      this.log.info(end('ok'), 'job done');
    } catch (err) {
      // The engine retries it: a register's refusal is a warning, anything else an error with its stack.
      logFailure(this.log, err, 'job failed, to be retried', end('failed'));
      throw err;
    }
  }
}
