import type { StatementPartBuilder } from '../store/statement.ts';
import type { WorkQueue } from '../jobs/queue.ts';
import type { Clock } from '../shared/clock.ts';
import { newId } from '../shared/ids.ts';
import type { Db, Queryable } from '../store/db.ts';
import type { AttemptContext, DeliveryRepository } from './repository/deliveries.ts';
import type { DeliveryAttempt } from './types.ts';
import type { EndpointRepository } from './repository/endpoints.ts';
import { delayBefore } from './schedule.ts';
import type { SendResult, WebhookSender } from './sender.ts';
import { signedHeaders } from './signing.ts';
import { AttemptRecorder } from './attempt-record.ts';
import { runAsJob } from '../observability/context.ts';
import type { WebhookAttemptInfo } from '../observability/webhooks.ts';

export const WEBHOOK_ATTEMPT_JOB = 'webhook.attempt';

interface AttemptJob {
  messageId: string;
  endpointId: string;
  /** 1-based number of the scheduled attempt; with the ids, the job's deduplication key. */
  attempt: number;
}

const RESUME_PAGE = 500;
/** Attempts detached from their batches at most (see runScheduledBatch); beyond, batches wait for their stragglers. */
const MAX_DETACHED = 512;
const RECOVERY_DELAY_MS = 5_000;

/** `subject` and `version`: one message per (subject, version); `fingerprint`: one per (subject, content). */
export interface MessageOptions {
  subject?: string;
  version?: Date;
  fingerprint?: string;
  /** Only this endpoint of the account (a test event sent from the dashboard). */
  endpointId?: string;
}

/** A message recorded in a transaction whose first attempts are not scheduled yet. */
export interface StagedMessage {
  messageId: string;
  endpointIds: string[];
  firstDelayMs: number;
}

/**
 * Delivery: a message is stored with one delivery row per endpoint in one transaction, then each scheduled
 * attempt is a job. A job does its HTTP call and then, in one transaction, logs the attempt and moves the
 * delivery row on (succeeded, failed when the schedule is exhausted, or pending with the next attempt's
 * time), and only then sends the next job. A crash anywhere leaves a `pending` row that `resumePending`
 * sends again at start; an attempt whose number the row has passed already does nothing (at least once).
 */
export class WebhookDispatcher {
  /** The batches whose stragglers run detached, and how many attempts those still have running. */
  private readonly detached = new Set<Promise<void>>();
  private detachedAttempts = 0;
  private readonly recorder: AttemptRecorder;

  constructor(
    private readonly db: Db,
    private readonly endpoints: EndpointRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly sender: WebhookSender,
    private readonly queue: WorkQueue,
    private readonly clock: Clock,
    private readonly schedule: readonly number[],
    private readonly opts: {
      /** How long a batch waits for its slowest receivers before letting them finish detached; default 250 ms. */
      stragglerAfterMs?: number;
      /** A detached attempt that could not be recorded (it is sent again). */
      onError?: (err: unknown) => void;
      /** Every attempt's outcome (metrics and logs). */
      onAttempt?: (attempt: WebhookAttemptInfo) => void;
    } = {},
  ) {
    this.recorder = new AttemptRecorder(db, endpoints, deliveries, clock, schedule);
    // Attempts are mostly waiting, on receivers and on the store: many side by side (the sender keeps 64 connections
    // per origin). A batch ends with its slowest attempt, so more batches in flight keep the connections busy between
    // a batch's store round trips, and one slow receiver holds fewer of the others back (bench/webhook-deliveries.ts).
    queue.workBatch(WEBHOOK_ATTEMPT_JOB, (jobs: AttemptJob[]) => this.runScheduledBatch(jobs), { batchSize: 32, concurrency: 8 });
  }

  async hasEndpoints(accountId: string): Promise<boolean> {
    return (await this.endpoints.enabledIds(this.db, accountId)).length > 0;
  }

  /** `hasEndpoints` as a part of another statement (EndpointRepository.listenedPart). */
  endpointsPart(accountId: string): { with: StatementPartBuilder; select: string; read(row: object): boolean } {
    return {
      with: this.endpoints.listenedPart(accountId),
      select: '(select listened from webhook_listened) as "webhookListened"',
      read: (row) => (row as { webhookListened?: unknown }).webhookListened === true,
    };
  }

  /**
   * Records one message (one id for every endpoint and every attempt) for the account's enabled endpoints
   * and schedules the first attempts. `subject` and `version` make a repeat of the same state a no-op.
   * Returns the message id, or undefined when nothing was recorded (no endpoint, or a repeat).
   */
  async emit(accountId: string, type: string, payload: object, opts: MessageOptions = {}): Promise<string | undefined> {
    const staged = await this.db.transaction((tx) => this.stage(tx, accountId, type, payload, opts));
    if (!staged) return undefined;
    await this.dispatch(staged);
    return staged.messageId;
  }

  /**
   * The first half of `emit` inside the caller's transaction, so that an event is recorded together with the state
   * change it reports (a monitor check). Call `dispatch` after the commit; if the process dies in between, the
   * pending deliveries are sent at the next start (`resumePending`).
   */
  async stage(
    tx: Queryable,
    accountId: string,
    type: string,
    payload: object,
    opts: MessageOptions = {},
  ): Promise<StagedMessage | undefined> {
    const now = this.clock.now();
    const id = newId('msg', now.getTime());
    // `type` first for readers of the raw body; a payload's own `type` cannot contradict it.
    const body = JSON.stringify(Object.assign({ type }, payload, { type }));
    const firstDelay = delayBefore(this.schedule, 1) ?? 0;
    const enabled = await this.endpoints.enabledIds(tx, accountId);
    const ids = opts.endpointId ? enabled.filter((id) => id === opts.endpointId) : enabled;
    if (ids.length === 0) return undefined;
    const message = {
      id,
      accountId,
      eventType: type,
      body,
      subject: opts.subject ?? null,
      version: opts.version ?? null,
      fingerprint: opts.fingerprint ?? null,
      createdAt: now,
    };
    if (!(await this.deliveries.insertMessage(tx, message))) return undefined;
    await this.deliveries.insertDeliveries(tx, id, ids, new Date(now.getTime() + firstDelay), now);
    return { messageId: id, endpointIds: ids, firstDelayMs: firstDelay };
  }

  /** Schedules the first attempts of a staged message, once its transaction has committed. */
  async dispatch(staged: StagedMessage): Promise<void> {
    await this.dispatchMany([staged]);
  }

  /** `dispatch` for many staged messages (a batch of monitor checks), with their jobs sent in one round trip. */
  async dispatchMany(staged: readonly StagedMessage[]): Promise<void> {
    await this.sendJobs(
      staged.flatMap((s) =>
        s.endpointIds.map((endpointId) => ({ job: { messageId: s.messageId, endpointId, attempt: 1 }, delayMs: s.firstDelayMs })),
      ),
    );
  }

  /** Sends the next job of every delivery still pending (called at start). Returns how many. */
  async resumePending(): Promise<number> {
    let count = 0;
    let after: { messageId: string; endpointId: string } | undefined;
    for (;;) {
      const page = await this.deliveries.pendingPage(after, RESUME_PAGE);
      await this.sendJobs(
        page.map((d) => ({
          job: { messageId: d.messageId, endpointId: d.endpointId, attempt: d.scheduledAttempts + 1 },
          delayMs: Math.max(0, (d.nextAttemptAt?.getTime() ?? 0) - this.clock.nowMs()),
        })),
      );
      count += page.length;
      if (page.length < RESUME_PAGE) return count;
      after = page[page.length - 1];
    }
  }

  /**
   * One more attempt of a message at an endpoint, now, outside the schedule (the manual retry). Its outcome
   * is logged; a success settles the delivery, a failure leaves the automatic schedule as it was.
   */
  async attemptNow(ctx: AttemptContext): Promise<DeliveryAttempt> {
    const result = await this.deliver(ctx);
    const recorded = await this.recorder.record(ctx, result, 'manual');
    if (!recorded) throw new Error(`delivery ${ctx.message.id} to ${ctx.endpoint.id} vanished`);
    return recorded.attempt;
  }

  /**
   * A fetch of scheduled attempts: their contexts in one query, the HTTP calls side by side, the successes recorded
   * in one statement; a failure is recorded on its own with its next attempt. A crash after a POST and before its
   * record sends it again (at least once).
   *
   * A batch does not wait for its slow receivers: attempts still running after `stragglerAfterMs` go on detached,
   * each recording its own outcome, and the batch completes, so that one customer's slow endpoint does not hold back
   * everyone else's deliveries. A detached attempt's delivery row stays pending until recorded: if the process dies
   * first, it is sent again at start (`resumePending`); if recording fails, the attempt is sent again as a new job.
   */
  private async runScheduledBatch(jobs: AttemptJob[]): Promise<void> {
    const contexts = await this.deliveries.contexts(jobs, this.clock.now());
    const successes: Parameters<DeliveryRepository['recordScheduledSuccesses']>[0][number][] = [];
    let detached = false;
    let running = jobs.length;
    // Each attempt in the context of the request that caused its event (the batch holds several requests' jobs).
    const attempts = jobs.map((job) =>
      runAsJob(job, async () => {
        const ctx = contexts.get(`${job.messageId}:${job.endpointId}`);
        try {
          const result = await this.runScheduled(job, ctx);
          if (!result?.ok || !ctx) return;
          if (detached) {
            await this.recorder.record(ctx, result, 'scheduled', job.attempt);
            return;
          }
          const { id: messageId, eventType } = ctx.message;
          const id = newId('dlv', this.clock.nowMs());
          successes.push({
            id,
            messageId,
            endpointId: ctx.endpoint.id,
            eventType,
            responseStatus: result.responseStatus ?? null,
            responseBody: result.responseBody ?? null,
            scheduledAttempt: job.attempt,
          });
        } catch (err) {
          if (!detached) throw err;
          this.opts.onError?.(err);
          await this.sendJobs([{ job, delayMs: RECOVERY_DELAY_MS, recovery: true }]).catch((e: unknown) => this.opts.onError?.(e));
        } finally {
          running--;
          if (detached) this.detachedAttempts--;
        }
      }),
    );
    const all = Promise.all(attempts);
    if (!(await this.settlesWithin(all, this.opts.stragglerAfterMs ?? 250)) && this.detachedAttempts + running <= MAX_DETACHED) {
      detached = true;
      this.detachedAttempts += running;
      const rest = all.then(
        () => undefined,
        () => undefined,
      );
      this.detached.add(rest);
      void rest.finally(() => this.detached.delete(rest));
    } else {
      await all;
    }
    await this.deliveries.recordScheduledSuccesses(successes.splice(0), this.clock.now());
  }

  /** Whether the promise settles within `ms` (its failure counts: the caller awaits it and sees it). */
  private async settlesWithin(p: Promise<unknown>, ms: number): Promise<boolean> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), ms)));
    try {
      return await Promise.race([
        p.then(
          () => true,
          () => true,
        ),
        late,
      ]);
    } finally {
      clearTimeout(timer);
    }
  }

  /** Waits for detached attempts (at shutdown, before the store closes; each is bounded by the sender's timeout). */
  async drain(): Promise<void> {
    while (this.detached.size) await Promise.all([...this.detached]);
  }

  /** One scheduled attempt; a success is returned for the batch to record, anything else is recorded here. */
  private async runScheduled(job: AttemptJob, ctx: AttemptContext | undefined): Promise<SendResult | undefined> {
    // Delivered, given up, cancelled, or this attempt is done already: a repeated job does nothing.
    if (!ctx || ctx.delivery.status !== 'pending' || ctx.delivery.scheduledAttempts !== job.attempt - 1) return undefined;
    if (ctx.endpoint.deleted || ctx.endpoint.status !== 'enabled' || job.attempt > this.schedule.length) {
      // Endpoint gone since, or the schedule was shortened by a restart with another configuration.
      await this.db.transaction(async (tx) => {
        const cur = await this.deliveries.lock(tx, job.messageId, job.endpointId);
        if (cur?.status !== 'pending') return;
        const status = job.attempt > this.schedule.length ? 'failed' : 'cancelled';
        await this.deliveries.update(tx, { ...cur, status, nextAttemptAt: null }, this.clock.now());
      });
      return undefined;
    }
    const result = await this.deliver(ctx);
    if (result.ok) return result;
    const recorded = await this.recorder.record(ctx, result, 'scheduled', job.attempt);
    if (recorded?.nextDelayMs !== undefined) {
      await this.sendJob({ ...job, attempt: job.attempt + 1 }, recorded.nextDelayMs);
    }
    return result;
  }

  private async deliver(ctx: AttemptContext): Promise<SendResult> {
    const started = performance.now();
    const result = await this.post(ctx);
    this.opts.onAttempt?.({
      messageId: ctx.message.id,
      endpointId: ctx.endpoint.id,
      eventType: ctx.message.eventType,
      ...result,
      nowMs: this.clock.nowMs(),
      ms: performance.now() - started,
    });
    return result;
  }

  private post(ctx: AttemptContext): Promise<SendResult> {
    const { id, body } = ctx.message;
    return this.sender.post(ctx.endpoint.url, signedHeaders(ctx.secrets, id, new Date(), body), body);
  }

  private async sendJob(job: AttemptJob, delayMs: number): Promise<void> {
    await this.sendJobs([{ job, delayMs }]);
  }

  /** `recovery`: the attempt's own job has run already, and its key would make the send a no-op. */
  private async sendJobs(jobs: readonly { job: AttemptJob; delayMs: number; recovery?: boolean }[]): Promise<void> {
    await this.queue.sendMany(
      WEBHOOK_ATTEMPT_JOB,
      jobs.map(({ job, delayMs, recovery }) => ({
        payload: job,
        delayMs,
        key: `${job.messageId}:${job.endpointId}:${job.attempt}${recovery ? ':recovery' : ''}`,
      })),
    );
  }
}
