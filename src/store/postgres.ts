import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { copyChunks, copyStatement, type CopyRows, type Db, type Queryable } from './db.ts';
import { isStoreConnectionFailure } from './errors.ts';
import { parsedOn, preparedValues, queryAroundThen, type AheadStatement } from './postgres-commands.ts';
import { watchConnections, type ConnectionCheck } from './postgres-liveness.ts';
import { GENERIC_PLAN } from './statement.ts';
import { sleep } from '../shared/sleep.ts';

/** COPY … FROM STDIN on one connection, the text sent in chunks of this many rows. */
const COPY_CHUNK_ROWS = 10_000;

async function copyInOn(client: pg.PoolClient, table: string, columns: readonly string[], rows: CopyRows) {
  const stream = client.query(copyFrom(copyStatement(table, columns, 'stdin')));
  await pipeline(Readable.from(copyChunks(rows, COPY_CHUNK_ROWS)), stream);
}

/**
 * A statement as node-postgres sends it: named, so that each connection parses and plans it once and then only
 * binds and executes it (the request path runs the same few statements thousands of times a second). Names come from
 * the text; statements without parameters (DDL, migrations) stay unnamed, as a schema change would invalidate a plan.
 */
const statementNames = new Map<string, string>();
/** Beyond this many texts (a statement built with a varying text), new ones run unnamed: each connection keeps each one. */
const MAX_NAMED = 1000;
function statement(sql: string, params: readonly unknown[]): pg.QueryConfig {
  if (params.length === 0) return { text: sql };
  let name = statementNames.get(sql);
  if (!name) {
    if (statementNames.size >= MAX_NAMED) return { text: sql, values: params as unknown[] };
    name = `s${statementNames.size}`;
    statementNames.set(sql, name);
  }
  return { name, text: sql, values: params as unknown[] };
}

type PlanMode = 'default' | 'generic' | 'unknown';
/**
 * Each connection's `plan_cache_mode` as set here: 'default' (the server's own, as a session starts), 'generic' (for
 * the statements marked with GENERIC_PLAN), 'unknown' after a SET may have been undone (by the rollback of the
 * transaction it ran in, or the failure of the statement it was sent with). A statement whose mode is not its
 * connection's sends the SET with it, in one message (postgres-commands.ts): no round trip of its own.
 */
const planModes = new WeakMap<pg.ClientBase, PlanMode>();

/**
 * One statement on `client`. `begin`: it opens a transaction, its BEGIN sent with it; `commit`: it ends it, its COMMIT
 * sent with it.
 */
async function run(
  client: pg.ClientBase,
  sql: string,
  params: readonly unknown[],
  { begin = false, commit = false, ahead = [] as readonly Queued[], following = [] as readonly Follower[] } = {},
): Promise<pg.QueryResult> {
  const wanted = sql.startsWith(GENERIC_PLAN) ? 'generic' : 'default';
  const before = begin ? ['begin'] : [];
  const setsMode = (planModes.get(client) ?? 'default') !== wanted;
  if (setsMode) before.push(wanted === 'generic' ? 'set plan_cache_mode = force_generic_plan' : 'reset plan_cache_mode');
  const after = commit ? ['commit'] : [];
  if (before.length === 0 && after.length === 0 && ahead.length === 0 && following.length === 0)
    return client.query(statement(sql, params));
  try {
    const {
      result,
      ahead: aheadAnswered,
      following: answered,
    } = await queryAroundThen(
      client,
      { before, ahead: ahead.map(aheadOf), after, following: following.map(aheadOf) },
      statement(sql, params),
    );
    ahead.forEach((q, i) => q.resolve?.(aheadAnswered[i]!.rows));
    following.forEach((f, i) => (answered instanceof Error ? f.reject(answered) : f.resolve(answered[i]!.rows)));
    if (setsMode) planModes.set(client, wanted);
    return result;
  } catch (err) {
    if (setsMode) planModes.set(client, 'unknown');
    throw err;
  }
}

/** A statement waiting to go ahead of the transaction's next one (Queryable.withNext), and who reads its rows (queryWithNext). */
interface Queued {
  sql: string;
  params: readonly unknown[];
  resolve?(rows: unknown[]): void;
  reject?(err: unknown): void;
}

/** A statement to run after the transaction's commit (Queryable.afterCommit), and who waits for its rows. */
interface Follower {
  sql: string;
  params: readonly unknown[];
  resolve(rows: unknown[] | undefined): void;
  reject(err: unknown): void;
}

/** Whether a queued statement can go ahead of another: unnamed (parsed in the message), or parsed by this connection. */
function readyToGoAhead(client: pg.ClientBase, queued: Queued): boolean {
  const { name } = statement(queued.sql, queued.params);
  return !name || parsedOn(client, name);
}

/** A queued statement as sent ahead (see postgres-commands.ts): by its name, which the connection has parsed. */
function aheadOf(queued: Queued): AheadStatement {
  const { name, text } = statement(queued.sql, queued.params);
  return { text, ...(name ? { name } : {}), values: preparedValues(queued.params) };
}

/** The backend of the connection that a failure broke (Db.lostConnectionSettled), by the failure. */
const lostBackends = new WeakMap<object, number>();
function noteLostBackend(err: unknown, client: pg.ClientBase): void {
  const pid = (client as unknown as { processID: number | null }).processID;
  if (pid !== null && isStoreConnectionFailure(err)) lostBackends.set(err as object, pid);
}
/** How long a read after a lost connection waits for its backend to end: past it, the read goes on regardless. */
const LOST_BACKEND_WAIT_MS = 5_000;

/**
 * PostgreSQL through a connection pool; several service processes may share one database. `connectionCheck`: a
 * connection held this long is looked up on the server, and closed if its backend is gone (postgres-liveness.ts).
 */
export async function openPostgres(
  url: string,
  { max = 10, schema, connectionCheck }: { max?: number; schema?: string; connectionCheck?: ConnectionCheck } = {},
): Promise<Db> {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === 20) return (v: string) => Number(v); // int8, see db.ts conventions
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  const connection: pg.ClientConfig = {
    connectionString: url,
    types: types as pg.CustomTypesConfig,
    // A schema of its own (tests run side by side in one database); extensions stay in public.
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  };
  const pool = new pg.Pool({ ...connection, max });
  // A client that loses its connection must not crash the process: idle, the pool hears it ('error' on the pool);
  // checked out, the client itself emits 'error' besides failing its statement, which is how its user hears of it.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));
  await pool.query('select 1');
  const watch = connectionCheck?.after ? watchConnections(pool, connection, connectionCheck.after, connectionCheck) : undefined;

  return {
    backend: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const client = await pool.connect();
      let failure: unknown;
      try {
        return (await run(client, sql, params)).rows as Row[];
      } catch (err) {
        failure = err;
        noteLostBackend(err, client);
        throw err;
      } finally {
        // As pool.query does, a connection that failed other than by the server's answer is not reused.
        client.release(failure && !(failure instanceof pg.DatabaseError) ? (failure as Error) : undefined);
      }
    },
    async copyIn(table, columns, rows) {
      const client = await pool.connect();
      try {
        await copyInOn(client, table, columns, rows);
      } finally {
        client.release();
      }
    },
    async exec(sql: string) {
      // node-postgres answers a multi-statement text with one result per statement.
      const res = (await pool.query(sql)) as unknown as pg.QueryResult | pg.QueryResult[];
      return (Array.isArray(res) ? res : [res]).flatMap((r) => r.rows ?? []);
    },
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const client = await pool.connect();
      // BEGIN goes with the first statement; a transaction that runs none opens nothing. COMMIT goes with the last
      // when the work says which it is (commitWith).
      let begun = false;
      let committed = false;
      let queued: Queued[] = [];
      const followers: Follower[] = [];
      const statementOf = async (sql: string, params: readonly unknown[], commit: boolean) => {
        if (committed) throw new Error('the transaction has committed: no statement can follow the one that committed it');
        const first = !begun;
        begun = true;
        const ahead = queued;
        queued = [];
        let result: pg.QueryResult;
        let following: Follower[] = [];
        try {
          // A named statement this connection has not parsed yet runs alone, once: afterwards it goes ahead by its name.
          // So do those queued before it, to keep their order.
          const alone = ahead.findLastIndex((q) => !readyToGoAhead(client, q)) + 1;
          for (let i = 0; i < alone; i++) {
            const q = ahead[i]!;
            // Run first: an optional call would not evaluate its argument for a statement nobody reads.
            const { rows } = await run(client, q.sql, q.params, { begin: first && i === 0 });
            q.resolve?.(rows);
          }
          // After the committing statement, the reads waiting for the commit that the connection can send by name.
          following = commit ? followers.filter((f) => readyToGoAhead(client, f)) : [];
          result = await run(client, sql, params, { begin: first && alone === 0, commit, ahead: ahead.slice(alone), following });
        } catch (err) {
          noteLostBackend(err, client);
          // The failure stopped the message: what was sent ahead and had not answered shares it (a settled one stays so).
          for (const q of ahead) q.reject?.(err);
          throw err;
        }
        committed = commit;
        if (commit) for (const f of following) followers.splice(followers.indexOf(f), 1);
        return result.rows;
      };
      /** Reads waiting for the commit that did not go with it: each alone, once it has committed. */
      const runFollowers = async () => {
        for (const f of followers.splice(0)) await run(client, f.sql, f.params).then((r) => f.resolve(r.rows), f.reject);
      };
      /** Statements queued with nothing after them run before the commit. */
      const flushQueued = async () => {
        for (const q of queued.splice(0)) {
          try {
            const rows = await statementOf(q.sql, q.params, false);
            q.resolve?.(rows);
          } catch (err) {
            q.reject?.(err);
            throw err;
          }
        }
      };
      /** Statements queued when the work failed never run: whoever reads their rows hears so. */
      const dropQueued = (err: unknown) => {
        for (const q of queued.splice(0)) q.reject?.(err);
      };
      try {
        const result = await fn({
          query: async <Row>(sql: string, params: readonly unknown[] = []) => (await statementOf(sql, params, false)) as Row[],
          commitWith: async <Row>(sql: string, params: readonly unknown[] = []) => (await statementOf(sql, params, true)) as Row[],
          withNext: (sql: string, params: readonly unknown[] = []) => void queued.push({ sql, params }),
          queryWithNext: <Row>(sql: string, params: readonly unknown[] = []) =>
            new Promise<Row[]>((resolve, reject) => queued.push({ sql, params, resolve: resolve as Queued['resolve'], reject })),
          afterCommit: <Row>(sql: string, params: readonly unknown[] = []) =>
            new Promise<Row[] | undefined>((resolve, reject) =>
              followers.push({ sql, params, resolve: resolve as Follower['resolve'], reject }),
            ),
          copyIn: async (table, columns, rows) => {
            await flushQueued();
            if (!begun) await client.query('begin');
            begun = true;
            await copyInOn(client, table, columns, rows);
          },
        });
        await flushQueued();
        if (begun && !committed) await client.query('commit');
        await runFollowers();
        return result;
      } catch (err) {
        noteLostBackend(err, client);
        dropQueued(err);
        if (committed) await runFollowers();
        for (const f of followers.splice(0)) f.resolve(undefined);
        if (begun && !committed) {
          // A SET of this transaction is undone with it.
          planModes.set(client, 'unknown');
          await client.query('rollback').catch(() => undefined);
        }
        throw err;
      } finally {
        client.release();
      }
    },
    async lostConnectionSettled(err) {
      const pid = typeof err === 'object' && err !== null ? lostBackends.get(err) : undefined;
      if (pid === undefined) return;
      // The server may still be running what the connection sent (its COMMIT included) when the client hears of the
      // break; it is done once the backend has ended, which it does as soon as it next reads or writes the socket.
      for (const until = Date.now() + LOST_BACKEND_WAIT_MS; Date.now() < until; await sleep(50))
        if ((await pool.query('select 1 from pg_stat_activity where pid = $1', [pid])).rowCount === 0) return;
    },
    async close() {
      watch?.stop();
      await pool.end();
    },
  };
}
