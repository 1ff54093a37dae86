import { Worker } from 'node:worker_threads';
import { mkdirSync } from 'node:fs';
import { copyChunks, copyStatement, type CopyRows, type Db, type Queryable } from './db.ts';
import { DatabaseError } from './errors.ts';
import { acquireDirectoryLock, type DirectoryLock } from './lockfile.ts';
import type { CheckpointPolicy } from './pglite-checkpoints.ts';
import type { VacuumPolicy } from './pglite-vacuums.ts';
import type { UpkeepFailure } from './pglite-upkeep.ts';

/**
 * The embedded store: PGlite in a worker thread (see pglite-worker.ts), under `dataDir`, or in memory
 * when `dataDir` is undefined (tests). A lockfile keeps a second process from opening the same directory.
 */
export interface PgliteDb extends Db {
  /** Writes the whole database to `path` as a tarball that `openPglite(undefined, {loadFrom})` can start from. */
  dumpTo(path: string): Promise<void>;
}

const COPY_CHUNK_ROWS = 50_000;

/** A read waiting for a transaction's commit (Queryable.afterCommit), and who waits for its rows. */
interface Follower {
  sql: string;
  params: readonly unknown[];
  resolve(rows: unknown[] | undefined): void;
  reject(err: unknown): void;
}

export async function openPglite(
  dataDir: string | undefined,
  opts: {
    loadFrom?: string;
    checkpoints?: CheckpointPolicy;
    vacuums?: VacuumPolicy;
    /** A checkpoint or vacuum that failed (pglite-upkeep.ts); without it, a process warning. */
    onUpkeepFailure?: (failure: UpkeepFailure) => void;
  } = {},
): Promise<PgliteDb> {
  let lock: DirectoryLock | undefined;
  if (dataDir) {
    mkdirSync(dataDir, { recursive: true });
    lock = acquireDirectoryLock(dataDir);
  }
  // The worker is TypeScript too: Node 20 does not apply this thread's loader to a worker's entry file,
  // so a one-line script registers tsx in the worker and then imports the real entry.
  const entry = new URL('./pglite-worker.ts', import.meta.url).href;
  const worker = new Worker(`import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); })`, {
    eval: true,
    workerData: {
      dataDir: dataDir ? `${dataDir}/pg` : undefined,
      loadFrom: opts.loadFrom,
      checkpoints: opts.checkpoints,
      vacuums: opts.vacuums,
    },
  });
  const pending = new Map<number, { resolve: (rows: unknown[]) => void; reject: (e: Error) => void }>();
  let nextId = 1;
  let nextTx = 1;
  let closed = false;

  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.on('message', function onReady(msg: { ready?: boolean }) {
      if (msg.ready) {
        worker.off('message', onReady);
        worker.off('error', reject);
        resolve();
      }
    });
  });
  const onUpkeepFailure =
    opts.onUpkeepFailure ??
    ((f: UpkeepFailure) => process.emitWarning(`${f.task} failed (${f.failures} time(s)): ${f.message}`, 'EmbeddedStoreUpkeep'));
  worker.on(
    'message',
    (msg: { id: number; rows?: unknown[]; error?: { message: string; code?: string }; upkeepFailure?: UpkeepFailure }) => {
      if (msg.upkeepFailure) return onUpkeepFailure(msg.upkeepFailure);
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (msg.error) p.reject(new DatabaseError(msg.error.message, msg.error.code));
      else p.resolve(msg.rows ?? []);
    },
  );
  worker.on('error', (err) => {
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  });

  function send(
    op: string,
    fields: {
      sql?: string;
      params?: readonly unknown[];
      tx?: number;
      blob?: string;
      commit?: boolean;
      statements?: readonly { sql: string; params: readonly unknown[] }[];
    } = {},
  ) {
    if (closed) return Promise.reject(new DatabaseError('the store is closed'));
    const id = nextId++;
    return new Promise<unknown[]>((resolve, reject) => {
      pending.set(id, { resolve, reject });
      worker.postMessage({ id, op, ...fields });
    });
  }

  /**
   * COPY from a blob, a chunk of rows at a time: one blob of millions of rows would not fit in a string. The next
   * chunk is prepared while the worker loads the previous one.
   */
  async function copyInChunks(table: string, columns: readonly string[], rows: CopyRows, tx?: number) {
    const sql = copyStatement(table, columns, 'blob');
    let loading: Promise<unknown> | undefined;
    try {
      for await (const blob of copyChunks(rows, COPY_CHUNK_ROWS)) {
        if (loading) await loading;
        loading = send('query', { sql, blob, ...(tx === undefined ? {} : { tx }) });
        // Awaited at the next chunk or below; until then a failure must not count as unhandled.
        loading.catch(() => undefined);
      }
    } catch (err) {
      // A failed read ends the loop early: never leave a load running behind the caller.
      await loading?.catch(() => undefined);
      throw err;
    }
    await loading;
  }

  const db: PgliteDb = {
    backend: 'pglite',
    async dumpTo(path: string) {
      await send('dump', { sql: path });
    },
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      return (await send('query', { sql, params })) as Row[];
    },
    async exec(sql: string) {
      return (await send('exec', { sql })) as Record<string, unknown>[];
    },
    copyIn: (table, columns, rows) => copyInChunks(table, columns, rows),
    async transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T> {
      const tx = nextTx++;
      // BEGIN is sent with the first statement, not awaited before it: the worker queues the statement behind it, so
      // the transaction holds the embedded store's one connection a round trip less. One that runs none opens nothing.
      // COMMIT goes with the last statement when the work says which it is (commitWith).
      let begun: Promise<unknown> | undefined;
      let committed = false;
      /** Statements sent with the next one (withNext), and who reads their rows (queryWithNext). */
      const queued: { sql: string; params: readonly unknown[]; resolve?(rows: unknown[]): void; reject?(err: unknown): void }[] = [];
      /** Reads waiting for the commit (afterCommit): posted behind it, they run once it has, outside the transaction. */
      const followers: Follower[] = [];
      const postFollowers = () => {
        for (const f of followers.splice(0)) send('query', { sql: f.sql, params: f.params }).then(f.resolve, f.reject);
      };
      const begin = () => (begun ??= send('begin', { tx }));
      const statement = async (sql: string, params: readonly unknown[], commit: boolean) => {
        if (committed) throw new DatabaseError('the transaction has committed: no statement can follow the one that committed it');
        // A transaction whose only statement commits it runs as that statement alone, which is atomic by itself: the
        // worker runs no BEGIN and no COMMIT for it (each a statement of its own inside PGlite), nor a second message.
        const alone = commit && !begun && queued.length === 0;
        // A transaction of statements queued (withNext) and the one that commits, nothing read between them: one
        // message, which the worker runs as one implicit transaction, with no BEGIN and COMMIT statements of their own.
        const batch = commit && !begun && queued.length > 0 ? queued.splice(0) : undefined;
        const fields = { sql, params, ...(alone ? {} : { tx }), ...(commit && !alone ? { commit } : {}) };
        // BEGIN and the statements queued ahead (withNext) are posted without waiting, like BEGIN: the worker runs them
        // in order, and the first failure among them is this statement's.
        const first = begun || alone || batch ? [] : [begin()];
        const ahead = queued.splice(0).map((q) => {
          const rows = send('query', { sql: q.sql, params: q.params, tx });
          // Its rows for whoever reads them; its failure is this statement's (below) either way.
          rows.then(q.resolve, q.reject ?? (() => undefined));
          return rows;
        });
        const sent = batch ? sendBatch(batch, sql, params) : send('query', fields);
        // Posted before the answer comes back: the worker runs them after the commit (or, if the statement failed and
        // nothing committed, they are answered with undefined below).
        const follow = commit ? followers.splice(0) : [];
        const followed = follow.map((f) => ({ f, rows: send('query', { sql: f.sql, params: f.params }) }));
        try {
          const rows = await Promise.all([...first, ...ahead, sent]);
          committed = commit;
          return rows[rows.length - 1]!;
        } finally {
          for (const { f, rows } of followed)
            rows.then(
              (r) => f.resolve(committed ? r : undefined),
              (e) => f.reject(e),
            );
        }
      };
      /**
       * The queued statements and the last, as one batch: each queued one's rows to whoever reads them, the last's
       * answered; a failure, which rolled back all of them, is every one's.
       */
      const sendBatch = async (batch: typeof queued, sql: string, params: readonly unknown[]) => {
        const statements = [...batch.map((q) => ({ sql: q.sql, params: q.params })), { sql, params }];
        try {
          const rows = (await send('batch', { statements })) as unknown[][];
          batch.forEach((q, i) => q.resolve?.(rows[i]!));
          return rows[batch.length]!;
        } catch (err) {
          for (const q of batch) q.reject?.(err);
          throw err;
        }
      };
      /** Statements queued with nothing after them run before the commit: the last of them carries the others. */
      const flushQueued = async () => {
        const last = queued.pop();
        if (!last) return;
        try {
          // Run first: an optional call would not evaluate its argument for a statement nobody reads.
          const rows = (await statement(last.sql, last.params, false)) as unknown[];
          last.resolve?.(rows);
        } catch (err) {
          last.reject?.(err);
          throw err;
        }
      };
      const handle: Queryable = {
        query: async <Row>(sql: string, params: readonly unknown[] = []) => (await statement(sql, params, false)) as Row[],
        commitWith: async <Row>(sql: string, params: readonly unknown[] = []) => (await statement(sql, params, true)) as Row[],
        withNext: (sql: string, params: readonly unknown[] = []) => void queued.push({ sql, params }),
        queryWithNext: <Row>(sql: string, params: readonly unknown[] = []) =>
          new Promise<Row[]>((resolve, reject) => queued.push({ sql, params, resolve: resolve as (rows: unknown[]) => void, reject })),
        afterCommit: <Row>(sql: string, params: readonly unknown[] = []) =>
          new Promise<Row[] | undefined>((resolve, reject) =>
            followers.push({ sql, params, resolve: resolve as Follower['resolve'], reject }),
          ),
        copyIn: async (table, columns, rows) => {
          await flushQueued();
          await begin();
          await copyInChunks(table, columns, rows, tx);
        },
      };
      try {
        const result = await fn(handle);
        await flushQueued();
        if (begun && !committed) await send('commit', { tx });
        postFollowers();
        return result;
      } catch (err) {
        // Statements queued when the work failed never run: whoever reads their rows hears so.
        for (const q of queued.splice(0)) q.reject?.(err);
        if (committed) postFollowers();
        for (const f of followers.splice(0)) f.resolve(undefined);
        if (begun && !committed) await send('rollback', { tx }).catch(() => undefined);
        throw err;
      }
    },
    async close() {
      if (closed) return;
      await send('close');
      closed = true;
      await worker.terminate();
      lock?.release();
    },
  };
  return db;
}
