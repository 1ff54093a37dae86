import { existsSync, readdirSync, readFileSync } from 'node:fs';
import type { Db, Queryable } from './db.ts';

const MIGRATIONS_DIR = new URL('./migrations/', import.meta.url);
/** Registers that keep tables of their own ship them in `registers/<folder>/migrations/`, applied after the core's. */
const REGISTERS_DIR = new URL('../registers/', import.meta.url);

const sqlFiles = (dir: URL) =>
  readdirSync(dir)
    .filter((f) => /^\d{3}_[\w-]+\.sql$/.test(f))
    .sort();

/** Every migration in order: the core's (`NNN_name`), then each register's under its own key (`gb/NNN_name`). */
function migrationFiles(): { version: string; url: URL }[] {
  const core = sqlFiles(MIGRATIONS_DIR).map((f) => ({ version: f.slice(0, -4), url: new URL(f, MIGRATIONS_DIR) }));
  const registers = readdirSync(REGISTERS_DIR, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(new URL(`${d.name}/migrations/`, REGISTERS_DIR)))
    .map((d) => d.name)
    .sort()
    .flatMap((name) => {
      const dir = new URL(`${name}/migrations/`, REGISTERS_DIR);
      return sqlFiles(dir).map((f) => ({ version: `${name}/${f.slice(0, -4)}`, url: new URL(f, dir) }));
    });
  return [...core, ...registers];
}

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
    for (const { version, url } of files) {
      if (done.has(version)) continue;
      for (const statement of splitStatements(readFileSync(url, 'utf8'))) {
        await tx.query(statement);
      }
      await tx.query('insert into schema_migrations (version) values ($1)', [version]);
      applied.push(version);
    }
    return applied;
  });
}

/** The migrations this build ships that the database has not applied (readiness: a process ahead of its store). */
export async function pendingMigrations(db: Queryable): Promise<string[]> {
  const done = new Set((await db.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version));
  return migrationFiles()
    .map((m) => m.version)
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
