import { readdirSync, readFileSync } from 'node:fs';
import type { Db, Queryable } from './db.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);

/**
 * A folder of versioned SQL files (`NNN_name.sql`) kept by a module of its own (a register's tables), recorded as
 * `<prefix>/NNN_name`; `formerly` maps a file's version to the version it had before it moved (recognised as done).
 */
export interface MigrationSet {
  prefix: string;
  dir: URL;
  formerly?: Record<string, string>;
}

/** The versions and files of one set, in order. */
export function migrationFiles(set: { prefix?: string; dir: URL }): { version: string; url: URL }[] {
  return readdirSync(set.dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: set.prefix ? `${set.prefix}/${f.slice(0, -4)}` : f.slice(0, -4), url: new URL(f, set.dir) }));
}

/**
 * Applies the versioned SQL files of `migrations/` (NNN_name.sql), then those of each of `sets` (the registers'
 * own tables), that the database has not seen, in order, in one transaction. An advisory lock makes concurrent
 * starts on one PostgreSQL apply them once; `schema`, the schema on the connections' search path, is created under
 * the same lock (`create schema if not exists` run by two processes at once can fail on the catalog's unique index).
 */
export async function migrate(db: Db, opts: { schema?: string; sets?: readonly MigrationSet[] } = {}): Promise<string[]> {
  const files = allMigrationFiles(opts.sets);
  return db.transaction(async (tx) => {
    await tx.query('select pg_advisory_xact_lock(7340291)');
    if (opts.schema) await tx.query(`create schema if not exists ${opts.schema}`);
    await tx.query(`create table if not exists schema_migrations (
      version text primary key, applied_at timestamptz not null default now())`);
    const done = new Set((await tx.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(file.version)) continue;
      // Applied under its former name (a database older than the move): recorded under the new one, not run again.
      if (file.formerly && done.has(file.formerly)) {
        await tx.query('insert into schema_migrations (version) values ($1)', [file.version]);
        continue;
      }
      for (const statement of splitStatements(readFileSync(file.url, 'utf8'))) {
        await tx.query(statement);
      }
      await tx.query('insert into schema_migrations (version) values ($1)', [file.version]);
      applied.push(file.version);
    }
    return applied;
  });
}

/** The core's files, then each set's, with the version each had before it moved. */
function allMigrationFiles(sets: readonly MigrationSet[] = []): { version: string; url: URL; formerly?: string }[] {
  return [
    ...migrationFiles({ dir: MIGRATIONS_DIR }),
    ...sets.flatMap((set) => migrationFiles(set).map((f) => ({ ...f, formerly: set.formerly?.[f.version.slice(set.prefix.length + 1)] }))),
  ];
}

/** The migrations this build ships that the database has not applied (readiness: a process ahead of its store). */
export async function pendingMigrations(db: Queryable, sets: readonly MigrationSet[] = []): Promise<string[]> {
  const done = new Set((await db.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
  return allMigrationFiles(sets)
    .filter((f) => !done.has(f.version) && !(f.formerly && done.has(f.formerly)))
    .map((f) => f.version);
}

/** Migrations are plain statements separated by `;` at line ends; no functions with bodies. */
function splitStatements(sql: string): string[] {
  return sql
    .replace(/--.*$/gm, '')
    .split(/;\s*$/m)
    .map((s) => s.trim())
    .filter(Boolean);
}
