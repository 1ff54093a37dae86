import pg from 'pg';
import { sleep } from '../shared/sleep.ts';

/**
 * Connections whose server went away without a word: a host that crashed or was cut off, a failover whose old primary
 * sends no reset. A statement on such a connection waits for an answer that never comes until TCP gives up (some 15
 * minutes on Linux), and the request waits with it, its hold and its lease too. A deadline per statement cannot tell
 * such a connection from a long statement (an ingestion's COPY, a migration), and keep-alive probes only start after
 * minutes of silence.
 *
 * The server can tell: each connection has a backend process there, whose id the server gave at connect time
 * (`processID`, from BackendKeyData). A connection held longer than `after` is looked up in `pg_stat_activity` over a
 * fresh connection; one whose backend the server no longer has is closed, so that its statement fails as a lost
 * connection (src/store/errors.ts), which the request path retries on another. A backend that is there, however long
 * its statement runs, is left alone. When the server cannot be reached at all, nothing is closed: there is no answer
 * to go on.
 *
 * Behind a connection pooler (PgBouncer) the ids a client is given are not the server's backends: the watch sees that
 * on its first look (its own connection's id is not what the server calls it) and stops.
 */
export interface ConnectionWatchEvents {
  /** Connections were closed because the server no longer had their backends. */
  onVanished(count: number): void;
  /** The watch cannot look (the server unreachable, or its ids are not the server's); `stopped`: it will not again. */
  onUnchecked(err: Error, stopped: boolean): void;
}

/** Connections held `after` ms are looked up; what the look finds is told through the events. */
export type ConnectionCheck = { after: number } & ConnectionWatchEvents;

/** What node-postgres keeps of a connection that its typings leave out: the backend's id, and the socket. */
interface ClientInternals {
  processID: number | null;
  connection: { stream: { destroy(): void } };
}
const internalsOf = (client: pg.ClientBase) => client as unknown as ClientInternals;

export function watchConnections(pool: pg.Pool, config: pg.ClientConfig, after: number, events: ConnectionWatchEvents): { stop(): void } {
  const heldSince = new Map<pg.PoolClient, number>();
  const onAcquire = (client: pg.PoolClient) => void heldSince.set(client, Date.now());
  const onRelease = (_err: Error | undefined, client: pg.PoolClient) => void heldSince.delete(client);
  const onRemove = (client: pg.PoolClient) => void heldSince.delete(client);
  pool.on('acquire', onAcquire).on('release', onRelease).on('remove', onRemove);
  let looking = false;
  let stopped = false;

  async function look(): Promise<void> {
    const now = Date.now();
    const stale = [...heldSince]
      .filter(([c, since]) => now - since >= after && internalsOf(c).processID !== null)
      .map(([c]) => internalsOf(c));
    if (stale.length === 0) return;
    const check = new pg.Client({ ...config, connectionTimeoutMillis: after, query_timeout: after });
    check.on('error', () => undefined);
    try {
      await check.connect();
      const [row] = (
        await check.query<{ own: number; present: number[] }>(
          'select pg_backend_pid() as own, array(select pid from pg_stat_activity where pid = any($1::int[])) as present',
          [stale.map((c) => c.processID)],
        )
      ).rows;
      if (row!.own !== internalsOf(check).processID) {
        watch.stop();
        events.onUnchecked(new Error('the server does not know the backend ids its clients are given (a connection pooler?)'), true);
        return;
      }
      const present = new Set(row!.present);
      // A connection released while the look ran has the same backend: if that is gone, so is the connection.
      const vanished = stale.filter((c) => !present.has(c.processID!));
      // The statement waiting on it fails as a connection that ended ("Connection terminated unexpectedly").
      for (const client of vanished) client.connection.stream.destroy();
      if (vanished.length > 0) events.onVanished(vanished.length);
    } catch (err) {
      events.onUnchecked(err as Error, false);
    } finally {
      // A server that vanished under the look itself would leave its goodbye unanswered: the socket goes regardless.
      const ended = new AbortController();
      const goodbye = check.end().catch(() => undefined);
      await Promise.race([goodbye, sleep(after, ended.signal).catch(() => undefined)]);
      ended.abort();
      internalsOf(check).connection.stream.destroy();
    }
  }

  const timer = setInterval(
    () => {
      if (looking || stopped) return;
      looking = true;
      void look().finally(() => (looking = false));
    },
    Math.max(1, Math.round(after / 2)),
  );
  timer.unref();
  const watch = {
    stop() {
      stopped = true;
      clearInterval(timer);
      pool.off('acquire', onAcquire).off('release', onRelease).off('remove', onRemove);
    },
  };
  return watch;
}
