/**
 * Hosts PGlite on its own thread. PGlite runs queries on the calling thread, so a slow query would freeze
 * the HTTP server's event loop; here it only blocks this worker. Messages are
 * {id, op: 'query'|'exec'|'begin'|'commit'|'rollback'|'close'|'dump'|'batch', sql?, params?, tx?, commit?, statements?}
 * and every one gets {id, rows?} or {id, error} (a batch's rows: one list per statement). A failure of the store's own
 * upkeep comes as {upkeepFailure}.
 */
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import { parentPort, workerData } from 'node:worker_threads';
import { parse, PGlite, protocol, types, type Transaction } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PlanChoice, type PlanMode } from './plan-choice.ts';
import { UNTIMED_PLAN } from './statement.ts';
import { StoreActivity } from './pglite-activity.ts';
import { DEFAULT_CHECKPOINTS, startCheckpoints, type CheckpointPolicy } from './pglite-checkpoints.ts';
import { DEFAULT_VACUUMS, startVacuums, type VacuumPolicy } from './pglite-vacuums.ts';
import type { UpkeepFailure } from './pglite-upkeep.ts';

interface Request {
  id: number;
  op: 'query' | 'exec' | 'begin' | 'commit' | 'rollback' | 'close' | 'dump' | 'batch';
  sql?: string;
  params?: unknown[];
  tx?: number;
  /** COPY … FROM '/dev/blob': the rows in COPY text format. */
  blob?: string;
  /** A transaction's statement that commits it once it succeeds (Queryable.commitWith). */
  commit?: boolean;
  /** op 'batch': statements run in order as one transaction, answered with each one's rows. */
  statements?: BatchStatement[];
}

/** A statement of a batch. */
interface BatchStatement {
  sql: string;
  params: unknown[];
}

const blobOf = (req: Pick<Request, 'blob'>) => (req.blob === undefined ? undefined : { blob: new Blob([req.blob]) });

const port = parentPort!;
const { dataDir, loadFrom, checkpoints, vacuums } = workerData as {
  dataDir: string | undefined;
  loadFrom: string | undefined;
  checkpoints: CheckpointPolicy | undefined;
  vacuums: VacuumPolicy | undefined;
};
const db = await PGlite.create({
  ...(dataDir ? { dataDir } : {}),
  // Starting from a dump skips initdb, the slow part of creating a database (about 5 s against 1 s).
  ...(loadFrom ? { loadDataDir: new Blob([readFileSync(loadFrom)]) } : {}),
  extensions: { pg_trgm },
  parsers: { [types.INT8]: (v: string) => Number(v) },
});

// A new 16 MB segment of the write-ahead log is written with zeros before use (wal_init_zero): 38-45 ms in which this
// thread, and every request waiting for the store, stands still (every 4 s at 500 onboarding requests a second, before
// checkpoints let freed segments be reused; a burst of writes still needs new ones). Without it the segment is created
// by writing its last byte. What the zeros buy, disk space reserved ahead of the log's writes, PGlite does not keep
// anyway: it runs with fsync off.
await db.exec('set wal_init_zero = off');

// Checkpoints and vacuums, which a lone PGlite backend never makes itself (pglite-checkpoints.ts, pglite-vacuums.ts).
// Both wait for a lull in the service's requests where they can.
// Their failures go to the service's log (a message without an id: pglite.ts).
const activity = new StoreActivity();
const reportUpkeep = (upkeepFailure: UpkeepFailure) => port.postMessage({ upkeepFailure });
const stopCheckpoints = startCheckpoints(db, checkpoints ?? DEFAULT_CHECKPOINTS, activity, reportUpkeep);
const stopVacuums = startVacuums(db, vacuums ?? DEFAULT_VACUUMS, activity, reportUpkeep);

/** Statements parsed once in this session, by text: their name and their parameters' types. */
const prepared = new Map<string, { name: string; paramTypes: number[]; plan: PlanChoice }>();
/** Beyond this many texts (a statement built with a varying text), new ones run unnamed: the session keeps each one. */
const MAX_PREPARED = 1000;

/** Whether a statement runs prepared: it has parameters, no COPY blob, and is known or there is room for it. */
const preparable = (req: Pick<Request, 'sql' | 'params' | 'blob'>) =>
  !!req.params?.length && req.blob === undefined && (prepared.has(req.sql!) || prepared.size < MAX_PREPARED);
const { serialize } = protocol;
const NO_SYNC = { syncToFs: false };

/**
 * The session's `plan_cache_mode` as this worker last set it; undefined when not known (a SET inside a transaction that
 * rolls back is undone with it, so a failure or a rollback forgets it and the next run sets it again).
 */
let sessionPlanMode: PlanMode | undefined;
const planCacheMode = (mode: PlanMode) => (mode === 'generic' ? 'force_generic_plan' : 'auto');
async function usePlanMode(mode: PlanMode): Promise<void> {
  if (sessionPlanMode === mode) return;
  await db.execProtocolStream(serialize.query(`set plan_cache_mode = ${planCacheMode(mode)}`), NO_SYNC);
  sessionPlanMode = mode;
}

/** A statement of this session prepared by its text (`prepared`). */
interface PreparedStatement {
  name: string;
  paramTypes: number[];
  plan: PlanChoice;
}

/**
 * The statement prepared for `sql`, parsed and described the first time. Sent without a sync, under the query lock the
 * caller holds: a failure leaves PostgreSQL skipping messages until the caller's sync.
 */
async function preparedFor(sql: string): Promise<PreparedStatement> {
  let statement = prepared.get(sql);
  if (!statement) {
    const name = `p${prepared.size}`;
    await db.execProtocolStream(serialize.parse({ name, text: sql }), NO_SYNC);
    const described = await db.execProtocolStream(serialize.describe({ type: 'S', name }), NO_SYNC);
    const plan = sql.includes(UNTIMED_PLAN) ? PlanChoice.generic() : new PlanChoice();
    statement = { name, paramTypes: parse.parseDescribeStatementResults(described), plan };
    prepared.set(sql, statement);
  }
  return statement;
}

/** The bind, describe and execute of one run of a prepared statement, its parameters serialised by their types. */
function runOf(statement: PreparedStatement, params: readonly unknown[]): Uint8Array[] {
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = db.serializers[statement.paramTypes[i]!];
    return serializer ? serializer(value) : String(value);
  });
  return [serialize.bind({ statement: statement.name, values }), serialize.describe({ type: 'P' }), serialize.execute({})];
}

/** After a failure before a run's own sync (a parse): PostgreSQL skips what follows until a sync. */
async function recover(): Promise<void> {
  sessionPlanMode = undefined;
  await db.execProtocolStream(serialize.sync(), NO_SYNC).catch(() => undefined);
}

/**
 * A statement with parameters run as a named prepared statement: PGlite's `query` parses, analyses and describes
 * the text on every run (the request path's statements are long CTEs, most of a run's cost), where this parses it
 * once per session and then only binds and executes it, as node-postgres does on PostgreSQL (store/postgres.ts).
 * The same protocol messages PGlite's `query` sends, under its query lock; the rows parsed by its own parsers.
 * A prepared statement outlives a rolled-back transaction, and a schema change makes PostgreSQL re-plan it.
 */
async function preparedQuery(sql: string, params: unknown[], inTransaction: boolean): Promise<unknown[]> {
  return db.runExclusive(async () => {
    const messages = [];
    try {
      const statement = await preparedFor(sql);
      // Bind, describe, execute and sync in one message: one call into PostgreSQL instead of four.
      const run = Buffer.concat([...runOf(statement, params), serialize.sync()]);
      // Planned as this statement runs fastest (plan-choice.ts): the run's time is all PostgreSQL's, on this thread.
      const mode = statement.plan.next();
      await usePlanMode(mode);
      const started = performance.now();
      messages.push(...(await db.execProtocolStream(run, NO_SYNC)));
      statement.plan.record(mode, performance.now() - started);
    } catch (err) {
      await recover();
      throw err;
    }
    if (!inTransaction) await db.syncToFs();
    return parse.parseResults(messages, db.parsers)[0]?.rows ?? [];
  });
}

/** Sets `plan_cache_mode` inside a batch's messages, between two statements that want different plans. */
const PLAN_MODE_SQL = "select set_config('plan_cache_mode', $1, false)";

/**
 * Statements that make one transaction, run as one message: each's bind, describe and execute, and one sync, so that
 * PostgreSQL runs them as one implicit transaction (one commit, one call into it, one answer to the service's thread).
 * A failure stops the rest and rolls all of them back. Each runs in the plan mode its own runs chose (PlanChoice), set
 * between two that differ; a batch's runs are not timed for that choice, which its runs alone make.
 */
async function batchQuery(statements: readonly BatchStatement[]): Promise<unknown[][]> {
  return db.runExclusive(async () => {
    let messages: Awaited<ReturnType<typeof db.execProtocolStream>>;
    /** Per statement, the index of its result among the batch's (the mode's settings have results too). */
    const resultOf: number[] = [];
    try {
      const parts: Uint8Array[] = [];
      let mode = sessionPlanMode;
      let results = 0;
      for (const { sql, params } of statements) {
        const statement = await preparedFor(sql);
        const wanted = statement.plan.chosenMode();
        if (wanted !== mode) {
          parts.push(...runOf(await preparedFor(PLAN_MODE_SQL), [planCacheMode(wanted)]));
          results++;
          mode = wanted;
        }
        parts.push(...runOf(statement, params));
        resultOf.push(results++);
      }
      parts.push(serialize.sync());
      messages = await db.execProtocolStream(Buffer.concat(parts), NO_SYNC);
      sessionPlanMode = mode;
    } catch (err) {
      await recover();
      throw err;
    }
    await db.syncToFs();
    const results = parse.parseResults(messages, db.parsers);
    return resultOf.map((i) => results[i]?.rows ?? []);
  });
}

/** A statement inside an open transaction: prepared when it can be, else through PGlite's own `query`. */
async function queryIn(tx: Transaction, s: Pick<Request, 'sql' | 'params' | 'blob'>): Promise<unknown[]> {
  return preparable(s) ? preparedQuery(s.sql!, s.params!, true) : (await tx.query(s.sql!, s.params ?? [], blobOf(s))).rows;
}

/**
 * A batch with a statement that cannot run prepared (no parameters, or no room left for a new text): the same
 * statements in a transaction of their own, BEGIN and COMMIT each a statement.
 */
async function batchInTransaction(statements: readonly BatchStatement[]): Promise<unknown[][]> {
  try {
    return await db.transaction(async (tx) => {
      const rows: unknown[][] = [];
      for (const s of statements) rows.push(await queryIn(tx, s));
      return rows;
    });
  } catch (err) {
    // Rolled back, with any plan mode its statements set.
    sessionPlanMode = undefined;
    throw err;
  }
}

/** Open transactions: each waits, inside PGlite's transaction callback, for its queued statements. */
const openTx = new Map<number, { tx: Transaction; queue: Request[]; wake?: () => void }>();

function reply(id: number, body: { rows?: unknown[]; error?: { message: string; code?: string } }) {
  port.postMessage({ id, ...body });
}

function errorOf(err: unknown) {
  const e = err as { message?: string; code?: string };
  return { message: e?.message ?? String(err), ...(e?.code ? { code: e.code } : {}) };
}

function runTransaction(req: Request) {
  const state: { tx?: Transaction; queue: Request[]; wake?: () => void } = { queue: [] };
  // Open at once: the caller sends its first statement without waiting for BEGIN, and it queues here until BEGIN ran.
  openTx.set(req.tx!, state as { tx: Transaction; queue: Request[] });
  db.transaction(async (tx) => {
    state.tx = tx;
    reply(req.id, { rows: [] });
    for (;;) {
      const next = state.queue.shift() ?? (await new Promise<void>((r) => (state.wake = r)), state.queue.shift());
      if (!next) continue;
      if (next.op === 'commit') {
        openTx.delete(req.tx!);
        reply(next.id, { rows: [] });
        return;
      }
      if (next.op === 'rollback') {
        openTx.delete(req.tx!);
        sessionPlanMode = undefined;
        await tx.rollback();
        reply(next.id, { rows: [] });
        return;
      }
      let rows: unknown[];
      try {
        rows = await queryIn(tx, next);
      } catch (err) {
        reply(next.id, { error: errorOf(err) });
        continue;
      }
      if (next.commit) {
        // The statement that ends the transaction: its callback returns, and PGlite commits.
        openTx.delete(req.tx!);
        reply(next.id, { rows });
        return;
      }
      reply(next.id, { rows });
    }
  }).catch((err) => {
    openTx.delete(req.tx!);
    // A failed BEGIN is reported to the caller that asked for it, and to the statements queued behind it.
    if (!state.tx) for (const r of [req, ...state.queue.splice(0)]) reply(r.id, { error: errorOf(err) });
  });
}

/** Answers one request; every failure is answered to its caller (the catch below), so it never rejects. */
async function handle(req: Request): Promise<void> {
  if (req.tx !== undefined && req.op !== 'begin') {
    const state = openTx.get(req.tx);
    if (!state) return reply(req.id, { error: { message: `transaction ${req.tx} is not open` } });
    state.queue.push(req);
    state.wake?.();
    state.wake = undefined;
    return;
  }
  try {
    switch (req.op) {
      case 'begin':
        return runTransaction(req);
      case 'query': {
        if (preparable(req)) {
          return reply(req.id, { rows: await db._runExclusiveTransaction(() => preparedQuery(req.sql!, req.params!, false)) });
        }
        const res = await db.query(req.sql!, req.params ?? [], blobOf(req));
        return reply(req.id, { rows: res.rows });
      }
      case 'batch': {
        const statements = req.statements!;
        const rows = statements.every(preparable)
          ? await db._runExclusiveTransaction(() => batchQuery(statements))
          : await batchInTransaction(statements);
        return reply(req.id, { rows });
      }
      case 'exec': {
        // Several statements, no parameters; the rows of every statement, in order (a RETURNING in the
        // middle of BEGIN … COMMIT must not be lost). A failure inside such a block leaves the single
        // connection in an aborted transaction: roll it back so the next statement starts clean.
        try {
          const results = await db.exec(req.sql!);
          return reply(req.id, { rows: results.flatMap((r) => r.rows ?? []) });
        } catch (err) {
          sessionPlanMode = undefined;
          await db.query('rollback').catch(() => undefined);
          throw err;
        }
      }
      case 'dump': {
        // Written beside the target and renamed, so a concurrent reader never sees half a file.
        const blob = await db.dumpDataDir('none');
        const tmp = `${req.sql!}.${process.pid}.tmp`;
        writeFileSync(tmp, Buffer.from(await blob.arrayBuffer()));
        renameSync(tmp, req.sql!);
        return reply(req.id, { rows: [] });
      }
      case 'close':
        stopCheckpoints();
        stopVacuums();
        await db.close();
        reply(req.id, { rows: [] });
        return port.close();
      default:
        return reply(req.id, { error: { message: `unknown op ${req.op}` } });
    }
  } catch (err) {
    reply(req.id, { error: errorOf(err) });
  }
}

// Not awaited: requests of other transactions must go on while one waits; handle() answers its own failures.
port.on('message', (req: Request) => {
  activity.touch();
  void handle(req);
});

port.postMessage({ ready: true });
