import type { Clock } from '../shared/clock.ts';
import { newId } from '../shared/ids.ts';
import type { Db } from '../store/db.ts';
import type { AttemptContext, DeliveryRepository } from './repository/deliveries.ts';
import type { EndpointRepository } from './repository/endpoints.ts';
import { delayBefore } from './schedule.ts';
import type { SendResult } from './sender.ts';
import type { DeliveryAttempt } from './types.ts';

/** An attempt as recorded, and when the schedule's next one is due (a scheduled failure with attempts left). */
export interface RecordedAttempt {
  attempt: DeliveryAttempt;
  nextDelayMs?: number;
}

/**
 * What an attempt's outcome does to its delivery: logged in the delivery's attempts, and the delivery moved on
 * (succeeded; failed when the schedule is exhausted; pending with the next attempt's time; cancelled with its endpoint
 * disabled when the receiver answered 410 Gone).
 */
export class AttemptRecorder {
  constructor(
    private readonly db: Db,
    private readonly endpoints: EndpointRepository,
    private readonly deliveries: DeliveryRepository,
    private readonly clock: Clock,
    private readonly schedule: readonly number[],
  ) {}

  /**
   * Logs an attempt and moves the delivery on, in one transaction with the delivery row locked. A scheduled
   * attempt whose number the row has passed meanwhile (a duplicate job) is not recorded again: undefined, as when the
   * delivery is gone.
   */
  async record(
    ctx: AttemptContext,
    result: SendResult,
    trigger: 'scheduled' | 'manual',
    scheduledAttempt?: number,
  ): Promise<RecordedAttempt | undefined> {
    const { id: messageId, eventType } = ctx.message;
    const endpointId = ctx.endpoint.id;
    return this.db.transaction(async (tx) => {
      const cur = await this.deliveries.lock(tx, messageId, endpointId);
      if (!cur) return undefined;
      if (trigger === 'scheduled' && cur.scheduledAttempts !== scheduledAttempt! - 1) return undefined;
      const now = this.clock.now();
      let { status, nextAttemptAt } = cur;
      let nextDelayMs: number | undefined;
      let error = result.error ?? null;
      if (result.ok) {
        status = 'succeeded';
        nextAttemptAt = null;
      } else if (result.responseStatus === 410) {
        // 410 Gone: the receiver says the endpoint no longer exists; stop sending it anything.
        error = 'the endpoint answered 410 Gone and has been disabled';
        status = 'cancelled';
        nextAttemptAt = null;
        await this.endpoints.disable(tx, endpointId, `answered 410 Gone to message ${messageId}`, now);
        await this.deliveries.cancelPending(tx, endpointId, now);
      } else if (trigger === 'scheduled' && status === 'pending') {
        nextDelayMs = delayBefore(this.schedule, scheduledAttempt! + 1, result.retryAfterMs);
        if (nextDelayMs === undefined) {
          status = 'failed';
          nextAttemptAt = null;
        } else {
          nextAttemptAt = new Date(now.getTime() + nextDelayMs);
        }
      }
      const attempt: DeliveryAttempt = {
        id: newId('dlv', now.getTime()),
        messageId,
        endpointId,
        eventType,
        attempt: cur.attemptCount + 1,
        trigger,
        status: result.ok ? 'succeeded' : 'failed',
        responseStatus: result.responseStatus ?? null,
        responseBody: result.responseBody ?? null,
        error,
        nextAttemptAt: nextDelayMs === undefined ? null : nextAttemptAt,
        createdAt: now,
      };
      await this.deliveries.update(
        tx,
        {
          messageId,
          endpointId,
          status,
          scheduledAttempts: trigger === 'scheduled' ? scheduledAttempt! : cur.scheduledAttempts,
          attemptCount: attempt.attempt,
          nextAttemptAt,
        },
        now,
      );
      await this.deliveries.insertAttempt(tx, attempt);
      return { attempt, nextDelayMs };
    });
  }
}
