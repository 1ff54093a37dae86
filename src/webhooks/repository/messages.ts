import type { Db } from '../../store/db.ts';
import type { LoggedMessage } from '../types.ts';

const EXCERPT_CHARS = 240;

const COLUMNS = `m.id, m.event_type as "eventType", m.created_at as "createdAt", d.status, d.attempt_count as "attemptCount",
  d.next_attempt_at as "nextAttemptAt", left(m.body, ${EXCERPT_CHARS}) as excerpt`;

/** Reads of the delivery log by message (the dashboard's view); the attempts themselves are in DeliveryRepository. */
export class MessageLog {
  constructor(private readonly db: Db) {}

  /** The endpoint's messages, newest first (message ids sort by creation), `after` a message id. */
  page(endpointId: string, opts: { first: number; after?: string }): Promise<LoggedMessage[]> {
    return this.db.query<LoggedMessage>(
      `select ${COLUMNS} from webhook_deliveries d join webhook_messages m on m.id = d.message_id
        where d.endpoint_id = $1 and ($2::text is null or m.id < $2) order by m.id desc limit $3`,
      [endpointId, opts.after ?? null, opts.first],
    );
  }

  /** One message sent to the endpoint, with its whole body. */
  async get(endpointId: string, messageId: string): Promise<(LoggedMessage & { body: string }) | undefined> {
    const [row] = await this.db.query<LoggedMessage & { body: string }>(
      `select ${COLUMNS}, m.body from webhook_deliveries d join webhook_messages m on m.id = d.message_id
        where d.endpoint_id = $1 and d.message_id = $2`,
      [endpointId, messageId],
    );
    return row;
  }
}
