import { readdirSync, readFileSync } from 'node:fs';
import type { Db, Queryable } from './db.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/**
 * Applies the versioned SQL files of `migrations/` (NNN_name.sql) that the database has not seen, in order,
 * in one transaction. An advisory lock makes concurrent starts on one PostgreSQL apply them once; `schema`, the
 * schema on the connections' search path, is created under the same lock (`create schema if not exists` run by
 * two processes at once can fail on the catalog's unique index).
 */
export async function migrate(db: Db, opts: { schema?: string } = {}): Promise<string[]> {
  const files = migrationFiles();
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7340291)');
    if (opts.schema) await tx.query(`create schema if not exists ${opts.schema}`);
    await tx.query(`create table if not exists schema_migrations (
      version text primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await tx.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
    const applied: string[] = [];
    for (const file of files) {
      const version = file.slice(0, -4);
      if (done.has(version)) continue;
      for (const statement of splitStatements(readFileSync(new URL(file, MIGRATIONS_DIR), 'utf8'))) {
        await tx.query(statement);
      }
      await tx.query('insert into schema_migrations (version) values ($1)', [version]);
      applied.push(version);
    }
    return applied;
  });
}

function migrationFiles(): string[] {
  return readdirSync(MIGRATIONS_DIR)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort();
}

/** The migrations this build ships that the database has not applied (readiness: a process ahead of its store). */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const done = new Set((await db.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
  return migrationFiles()
    .map((f) => f.slice(0, -4))
    .filter((v) => !done.has(v));
}

/** Migrations are plain statements separated by `;` at line ends; no functions with bodies. */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}
