import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../store/db.ts';
import { json } from '../store/db.ts';
import type { Clock } from '../shared/clock.ts';
import { ApiError } from '../shared/errors.ts';
import { sleep } from '../shared/sleep.ts';
import { ownerIsDead } from '../store/leases.ts';
import { z } from 'zod';

/** The header as documented on creating POSTs; other headers pass through untouched. */
export const IdempotencyHeaders = z.looseObject({
  'idempotency-key': z
    .string()
    .min(1)
    .max(255)
    .optional()
    .describe('Repeat-safe key: a repeat within 24 hours returns the first response.'),
});

const WINDOW_MS = 24 * 3_600_000;
/**
 * A first attempt is taken to have died with its process once that process's lease has expired (ProcessLease); one
 * recorded without a lease (before leases) once it is still unanswered after this long.
 */
const ABANDONED_MS = 2 * 60_000;
const WAIT_FOR_FIRST_MS = 60_000;

interface Stored {
  route: string;
  fingerprint: string;
  status_code: number | null;
  response: unknown;
  created_at: Date;
}

/**
 * `Idempotency-Key` on creating POSTs (CONTRACT §3): a repeat with the same key within 24 hours gets the
 * first response and does no new work. A repeat that arrives while the first is running waits for it.
 * Reusing a key for a different body is a 400.
 */
export class IdempotencyStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** This process's lease, recorded on the keys it claims so that others can take them over if it dies. */
    private readonly lease?: { readonly id: string },
  ) {}

  async run<T>(req: FastifyRequest, reply: FastifyReply, accountId: string, work: () => Promise<{ status: number; body: T }>): Promise<T> {
    const header = req.headers['idempotency-key'];
    if (header === undefined) return this.send(reply, await work());
    if (typeof header !== 'string' || header.length < 1 || header.length > 255) {
      throw new ApiError('invalid_request', 'Idempotency-Key must be 1 to 255 characters');
    }
    const route = `${req.method} ${req.routeOptions.url}`;
    const fingerprint = createHash('sha256')
      .update(JSON.stringify(req.body ?? null))
      .digest('hex');
    const deadline = Date.now() + WAIT_FOR_FIRST_MS;
    for (;;) {
      const claimed = await this.claim(accountId, header, route, fingerprint);
      if (claimed) break;
      const stored = await this.load(accountId, header);
      if (!stored) continue;
      if (stored.route !== route || stored.fingerprint !== fingerprint) {
        throw new ApiError('invalid_request', 'this Idempotency-Key was used with a different request', [
          'use a new key for a new request',
        ]);
      }
      if (stored.status_code !== null) {
        reply.header('idempotent-replayed', 'true');
        return this.send(reply, { status: stored.status_code, body: stored.response as T });
      }
      if (Date.now() > deadline) {
        throw new ApiError('service_unavailable', 'the first request with this Idempotency-Key is still running', undefined, {
          'retry-after': '5',
        });
      }
      await sleep(100);
    }
    try {
      const result = await work();
      await this.complete(accountId, header, result.status, result.body);
      return this.send(reply, result);
    } catch (err) {
      if (err instanceof ApiError && err.statusCode < 500) {
        await this.complete(accountId, header, err.statusCode, err.toBody());
      } else {
        await this.release(accountId, header);
      }
      throw err;
    }
  }

  private send<T>(reply: FastifyReply, result: { status: number; body: T }): T {
    reply.status(result.status);
    return result.body;
  }

  /** Takes the key when it is free, expired or abandoned (its process died); false when another attempt holds it. */
  private async claim(accountId: string, key: string, route: string, fingerprint: string): Promise<boolean> {
    const now = this.clock.now();
    const rows = await this.db.query(
      `insert into idempotency_keys (account_id, key, route, fingerprint, created_at, lease_owner) values ($1, $2, $3, $4, $5, $8)
       on conflict (account_id, key) do update
         set route = excluded.route, fingerprint = excluded.fingerprint, status_code = null, response = null,
             created_at = excluded.created_at, lease_owner = excluded.lease_owner
         where idempotency_keys.created_at < $6
            or (idempotency_keys.status_code is null and idempotency_keys.lease_owner is null and idempotency_keys.created_at < $7)
            or (idempotency_keys.status_code is null and ${ownerIsDead('idempotency_keys.lease_owner')})
       returning key`,
      [
        accountId,
        key,
        route,
        fingerprint,
        now,
        new Date(now.getTime() - WINDOW_MS),
        new Date(now.getTime() - ABANDONED_MS),
        this.lease?.id ?? null,
      ],
    );
    return rows.length > 0;
  }

  private async load(accountId: string, key: string): Promise<Stored | undefined> {
    const [row] = await this.db.query<Stored>(
      'select route, fingerprint, status_code, response, created_at from idempotency_keys where account_id = $1 and key = $2',
      [accountId, key],
    );
    return row;
  }

  private async complete(accountId: string, key: string, status: number, body: unknown): Promise<void> {
    await this.db.query('update idempotency_keys set status_code = $3, response = $4::jsonb where account_id = $1 and key = $2', [
      accountId,
      key,
      status,
      json(body),
    ]);
  }

  private async release(accountId: string, key: string): Promise<void> {
    await this.db.query('delete from idempotency_keys where account_id = $1 and key = $2 and status_code is null', [accountId, key]);
  }
}
