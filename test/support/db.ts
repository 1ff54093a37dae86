import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/store/db.ts';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { MANIFESTS } from '../../src/registers/index.ts';
import { migrationSetsOf } from '../../src/registers/manifest.ts';
import { migrate, migrationFiles } from '../../src/store/migrate.ts';
import { openStore } from '../../src/store/open.ts';
import { openPglite } from '../../src/store/pglite.ts';
import { openPostgres } from '../../src/store/postgres.ts';

/** The registers' own tables, migrated with the store's as the service does. */
const SETS = migrationSetsOf(MANIFESTS);

/**
 * A migrated store for one test file: embedded PGlite in memory, or, when DATABASE_URL is set,
 * PostgreSQL in a schema of its own, dropped by `drop()`.
 */
export async function openTestDb(): Promise<{ db: Db; jobsSchema: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openTemplatedPglite();
    return { db, jobsSchema: 'pgboss', drop: async () => db.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`create schema ${schema}`);
  const db = await openStore({ databaseUrl: url, schema, migrations: SETS });
  return {
    db,
    // The job engine's tables too, so that test files never take each other's jobs.
    jobsSchema: `${schema}_jobs`,
    async drop() {
      await db.close();
      await admin.exec(`drop schema if exists ${schema}_jobs cascade`);
      await admin.exec(`drop schema ${schema} cascade`);
      await admin.close();
    },
  };
}

/**
 * An in-memory PGlite started from a migrated template: creating a database costs about 5 s, loading a
 * dump about 1 s. The template is keyed by the migrations' text, so a new migration makes a new one.
 */
async function openTemplatedPglite(): Promise<Db> {
  const hash = createHash('sha256');
  for (const set of [{ dir: new URL('../../src/store/migrations/', import.meta.url) }, ...SETS]) {
    for (const f of migrationFiles(set)) hash.update(f.version).update(readFileSync(f.url));
  }
  const template = join(tmpdir(), `registrum-pglite-${hash.digest('hex').slice(0, 16)}.tar`);
  if (existsSync(template)) {
    const db = await openPglite(undefined, { loadFrom: template });
    await migrate(db, { sets: SETS });
    return db;
  }
  const db = await openPglite(undefined);
  await migrate(db, { sets: SETS });
  await db.dumpTo(template);
  return db;
}
