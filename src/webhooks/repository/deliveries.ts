import type { Db, Queryable } from '../../store/db.ts';
import type { DeliveryAttempt, DeliveryStatus } from '../types.ts';

export interface MessageRow {
  id: string;
  accountId: string;
  eventType: string;
  body: string;
  subject: string | null;
  version: Date | null;
  /** What the message announced (announcement.ts); unique per subject, so the same news is never staged twice. */
  fingerprint?: string | null;
  createdAt: Date;
}

export interface DeliveryRow {
  messageId: string;
  endpointId: string;
  status: DeliveryStatus;
  scheduledAttempts: number;
  attemptCount: number;
  nextAttemptAt: Date | null;
}

/** What one attempt needs, read in one query. */
export interface AttemptContext {
  delivery: DeliveryRow;
  message: Pick<MessageRow, 'id' | 'accountId' | 'eventType' | 'body'>;
  endpoint: { id: string; url: string; status: 'enabled' | 'disabled'; deleted: boolean };
  /** The endpoint's secrets valid at the time given to `context`, newest first: each signs the attempt. */
  secrets: string[];
}

const DELIVERY_COLUMNS = `d.message_id as "messageId", d.endpoint_id as "endpointId", d.status,
  d.scheduled_attempts as "scheduledAttempts", d.attempt_count as "attemptCount", d.next_attempt_at as "nextAttemptAt"`;
const ATTEMPT_COLUMNS = `id, message_id as "messageId", endpoint_id as "endpointId", event_type as "eventType", attempt, trigger,
  status, response_status as "responseStatus", response_body as "responseBody", error, next_attempt_at as "nextAttemptAt", created_at as "createdAt"`;

/** Messages, their per-endpoint delivery state, and the attempt log. */
export class DeliveryRepository {
  constructor(private readonly db: Db) {}

  /** False when a message for the same subject and version exists already (nothing inserted). */
  async insertMessage(tx: Queryable, m: MessageRow): Promise<boolean> {
    const rows = await tx.query(
      `insert into webhook_messages (id, account_id, event_type, body, subject, version, fingerprint, created_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8) on conflict do nothing returning id`,
      [m.id, m.accountId, m.eventType, m.body, m.subject, m.version, m.fingerprint ?? null, m.createdAt],
    );
    return rows.length > 0;
  }

  async insertDeliveries(tx: Queryable, messageId: string, endpointIds: string[], nextAttemptAt: Date, now: Date): Promise<void> {
    if (endpointIds.length === 0) return;
    await tx.query(
      `insert into webhook_deliveries (message_id, endpoint_id, status, next_attempt_at, updated_at)
       select $1, e, 'pending', $3, $4 from unnest($2::text[]) as e`,
      [messageId, endpointIds, nextAttemptAt, now],
    );
  }

  /** Everything one attempt needs, in one query. */
  async context(messageId: string, endpointId: string, now: Date, accountId?: string): Promise<AttemptContext | undefined> {
    return (await this.contexts([{ messageId, endpointId }], now, accountId)).get(`${messageId}:${endpointId}`);
  }

  /** The contexts of a batch of attempts in one query, by `messageId:endpointId`. */
  async contexts(
    keys: readonly { messageId: string; endpointId: string }[],
    now: Date,
    accountId?: string,
  ): Promise<Map<string, AttemptContext>> {
    const rows = await this.db.query<
      DeliveryRow & {
        accountId: string;
        eventType: string;
        body: string;
        url: string;
        endpointStatus: 'enabled' | 'disabled';
        deleted: boolean;
        secrets: string[];
      }
    >(
      `select ${DELIVERY_COLUMNS}, m.account_id as "accountId", m.event_type as "eventType", m.body,
              e.url, e.status as "endpointStatus", e.deleted_at is not null as deleted,
              array(select s.secret from webhook_secrets s where s.endpoint_id = e.id and (s.expires_at is null or s.expires_at > $4)
                     order by s.created_at desc, s.id desc) as secrets
         from unnest($1::text[], $2::text[]) as k(message_id, endpoint_id)
         join webhook_deliveries d on d.message_id = k.message_id and d.endpoint_id = k.endpoint_id
         join webhook_messages m on m.id = d.message_id
         join webhook_endpoints e on e.id = d.endpoint_id
        where ($3::text is null or m.account_id = $3)`,
      [keys.map((k) => k.messageId), keys.map((k) => k.endpointId), accountId ?? null, now],
    );
    const out = new Map<string, AttemptContext>();
    for (const row of rows) {
      const { accountId: acc, eventType, body, url, endpointStatus, deleted, secrets, ...delivery } = row;
      out.set(`${delivery.messageId}:${delivery.endpointId}`, {
        delivery,
        message: { id: delivery.messageId, accountId: acc, eventType, body },
        endpoint: { id: delivery.endpointId, url, status: endpointStatus, deleted },
        secrets,
      });
    }
    return out;
  }

  /**
   * The common outcome of scheduled attempts, a 2xx, recorded for a batch in one statement: each delivery row moves
   * to `succeeded` (only if no other run recorded that attempt number: the update takes the row's lock) and its
   * attempt is logged. Attempts recorded already are left out.
   */
  async recordScheduledSuccesses(
    attempts: readonly (Pick<DeliveryAttempt, 'id' | 'messageId' | 'endpointId' | 'eventType' | 'responseStatus' | 'responseBody'> & {
      scheduledAttempt: number;
    })[],
    now: Date,
  ): Promise<void> {
    if (!attempts.length) return;
    await this.db.query(
      `with k as (
         select * from unnest($1::text[], $2::text[], $3::int[], $4::text[], $5::text[], $6::int[], $8::text[])
           as k(message_id, endpoint_id, scheduled, id, event_type, response_status, response_body)),
       moved as (
         update webhook_deliveries d set status = 'succeeded', scheduled_attempts = k.scheduled, attempt_count = d.attempt_count + 1,
                next_attempt_at = null, updated_at = $7
           from k
          where d.message_id = k.message_id and d.endpoint_id = k.endpoint_id and d.scheduled_attempts = k.scheduled - 1
          returning d.message_id, d.endpoint_id, d.attempt_count)
       insert into webhook_attempts (id, message_id, endpoint_id, event_type, attempt, trigger, status, response_status, response_body,
         error, next_attempt_at, created_at)
       select k.id, k.message_id, k.endpoint_id, k.event_type, moved.attempt_count, 'scheduled', 'succeeded', k.response_status,
              k.response_body, null, null, $7
         from moved join k on k.message_id = moved.message_id and k.endpoint_id = moved.endpoint_id`,
      [
        attempts.map((a) => a.messageId),
        attempts.map((a) => a.endpointId),
        attempts.map((a) => a.scheduledAttempt),
        attempts.map((a) => a.id),
        attempts.map((a) => a.eventType),
        attempts.map((a) => a.responseStatus),
        now,
        attempts.map((a) => a.responseBody),
      ],
    );
  }

  /** The delivery row, locked until the transaction ends, so that concurrent attempts record one after the other. */
  async lock(tx: Queryable, messageId: string, endpointId: string): Promise<DeliveryRow | undefined> {
    const [row] = await tx.query<DeliveryRow>(
      `select ${DELIVERY_COLUMNS} from webhook_deliveries d where d.message_id = $1 and d.endpoint_id = $2 for update`,
      [messageId, endpointId],
    );
    return row;
  }

  async update(
    tx: Queryable,
    d: Pick<DeliveryRow, 'messageId' | 'endpointId' | 'status' | 'scheduledAttempts' | 'attemptCount' | 'nextAttemptAt'>,
    now: Date,
  ): Promise<void> {
    await tx.query(
      `update webhook_deliveries set status = $3, scheduled_attempts = $4, attempt_count = $5, next_attempt_at = $6, updated_at = $7
        where message_id = $1 and endpoint_id = $2`,
      [d.messageId, d.endpointId, d.status, d.scheduledAttempts, d.attemptCount, d.nextAttemptAt, now],
    );
  }

  async insertAttempt(tx: Queryable, a: DeliveryAttempt): Promise<void> {
    await tx.query(
      `insert into webhook_attempts (id, message_id, endpoint_id, event_type, attempt, trigger, status, response_status, error,
         next_attempt_at, created_at, response_body) values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)`,
      [
        a.id,
        a.messageId,
        a.endpointId,
        a.eventType,
        a.attempt,
        a.trigger,
        a.status,
        a.responseStatus,
        a.error,
        a.nextAttemptAt,
        a.createdAt,
        a.responseBody,
      ],
    );
  }

  /** Stops the automatic delivery of everything still pending for an endpoint (deleted or disabled). */
  async cancelPending(tx: Queryable, endpointId: string, now: Date): Promise<void> {
    await tx.query(
      `update webhook_deliveries set status = 'cancelled', next_attempt_at = null, updated_at = $2
        where endpoint_id = $1 and status = 'pending'`,
      [endpointId, now],
    );
  }

  /** Pending deliveries in key order, one page after `after` (keyset pagination, for resuming at start). */
  async pendingPage(after: { messageId: string; endpointId: string } | undefined, limit: number): Promise<DeliveryRow[]> {
    return this.db.query<DeliveryRow>(
      `select ${DELIVERY_COLUMNS} from webhook_deliveries d
        where d.status = 'pending' and ($1::text is null or (d.message_id, d.endpoint_id) > ($1, $2))
        order by d.message_id, d.endpoint_id limit $3`,
      [after?.messageId ?? null, after?.endpointId ?? null, limit],
    );
  }

  /** The attempt log of an endpoint, newest first. */
  async attempts(endpointId: string, opts: { first: number; after?: string; messageId?: string }): Promise<DeliveryAttempt[]> {
    return this.db.query<DeliveryAttempt>(
      `select ${ATTEMPT_COLUMNS} from webhook_attempts
        where endpoint_id = $1 and ($2::text is null or id < $2) and ($3::text is null or message_id = $3)
        order by id desc limit $4`,
      [endpointId, opts.after ?? null, opts.messageId ?? null, opts.first],
    );
  }

  /**
   * Deletes up to `limit` messages created before `cutoff` whose deliveries are all finished (none pending), with
   * their delivery rows and attempts, oldest first, in one statement. Returns how many messages went.
   */
  async pruneFinishedBefore(cutoff: Date, limit: number): Promise<number> {
    const rows = await this.db.query<{ id: string }>(
      `with old as (
         select m.id from webhook_messages m
          where m.created_at < $1
            and not exists (select 1 from webhook_deliveries d where d.message_id = m.id and d.status = 'pending')
          order by m.created_at limit $2
       ), attempts as (
         delete from webhook_attempts where message_id in (select id from old)
       ), deliveries as (
         delete from webhook_deliveries where message_id in (select id from old)
       )
       delete from webhook_messages where id in (select id from old) returning id`,
      [cutoff, limit],
    );
    return rows.length;
  }
}
