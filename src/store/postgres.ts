import pg from 'pg';
import { from as copyFrom } from 'pg-copy-streams';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { copyChunks, copyStatement, type CopyRows, type Db, type Queryable } from './db.ts';

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

/** PostgreSQL through a connection pool; several service processes may share one database. */
export async function openPostgres(url: string, { max = 10, schema }: { max?: number; schema?: string } = {}): Promise<Db> {
  const types = {
    getTypeParser(oid: number, format?: 'text' | 'binary') {
      if (oid === 20) return (v: string) => Number(v); // int8, see db.ts conventions
      return pg.types.getTypeParser(oid, format as 'text');
    },
  };
  const pool = new pg.Pool({
    connectionString: url,
    max,
    types: types as pg.CustomTypesConfig,
    // A schema of its own (tests run side by side in one database); extensions stay in public.
    ...(schema ? { options: `-c search_path=${schema},public` } : {}),
  });
  // An idle client that loses its connection must not crash the process.
  pool.on('error', () => undefined);
  await pool.query('select 1');

  return {
    backend: 'postgres',
    async query<Row>(sql: string, params: readonly unknown[] = []) {
      const res = await pool.query(statement(sql, params));
      return res.rows as Row[];
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
      try {
        await client.query('begin');
        const result = await fn({
          async query<Row>(sql: string, params: readonly unknown[] = []) {
            return (await client.query(statement(sql, params))).rows as Row[];
          },
          copyIn: (table, columns, rows) => copyInOn(client, table, columns, rows),
        });
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async close() {
      await pool.end();
    },
  };
}
