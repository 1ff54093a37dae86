import { randomBytes } from 'node:crypto';
import type { Db } from '../../src/store/db.ts';
import { openStore } from '../../src/store/open.ts';
import { openPostgres } from '../../src/store/postgres.ts';

/**
 * A migrated store for one test file: embedded PGlite in memory, or, when DATABASE_URL is set,
 * PostgreSQL in a schema of its own, dropped by `drop()`.
 */
export async function openTestDb(): Promise<{ db: Db; jobsSchema: string; drop(): Promise<void> }> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const db = await openStore({});
    return { db, jobsSchema: 'pgboss', drop: async () => db.close() };
  }
  const schema = `t_${randomBytes(6).toString('hex')}`;
  const admin = await openPostgres(url, { max: 1 });
  await admin.exec(`create schema ${schema}`);
  const db = await openStore({ databaseUrl: url, schema });
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

