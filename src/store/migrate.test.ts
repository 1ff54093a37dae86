import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { describe, it } from 'node:test';
import type { Db } from './db.ts';
import { MANIFESTS } from '../registers/index.ts';
import { migrationSetsOf } from '../registers/manifest.ts';
import { migrate, migrationFiles } from './migrate.ts';
import { openStore } from './open.ts';
import { openPostgres } from './postgres.ts';

const url = process.env.DATABASE_URL;
const sqlVersions = (dir: URL, prefix = '') =>
  existsSync(dir)
    ? readdirSync(dir)
        .filter((f) => f.endsWith('.sql'))
        .map((f) => `${prefix}${f.slice(0, -4)}`)
        .sort()
    : [];
/** The core's migrations, then each register's under its folder's name (`gb/001_rate_limit`). */
const VERSIONS = [
  ...sqlVersions(new URL('./migrations/', import.meta.url)),
  ...readdirSync(new URL('../registers/', import.meta.url))
    .sort()
    .flatMap((name) => sqlVersions(new URL(`../registers/${name}/migrations/`, import.meta.url), `${name}/`)),
];

/** Runs `fn` on a schema name no one has used, dropped afterwards. */
async function withFreshSchema(fn: (schema: string) => Promise<void>) {
  const schema = `m_${randomBytes(6).toString('hex')}`;
  try {
    await fn(schema);
  } finally {
    const admin = await openPostgres(url!, { max: 1 });
    await admin.exec(`drop schema if exists ${schema} cascade`);
    await admin.close();
  }
}

async function appliedVersions(db: Db): Promise<string[]> {
  return (await db.query<{ version: string }>('select version from schema_migrations order by version')).map((r) => r.version);
}

describe('migrations run by two processes at once', { skip: !url && 'needs DATABASE_URL' }, () => {
  it('migrate() twice concurrently on a fresh schema applies each migration once', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 3; round++) {
      await withFreshSchema(async (schema) => {
        const [a, b] = [await openPostgres(url!, { max: 2, schema }), await openPostgres(url!, { max: 2, schema })];
        try {
          const sets = migrationSetsOf(MANIFESTS);
          const [first, second] = await Promise.all([migrate(a, { schema, sets }), migrate(b, { schema, sets })]);
          assert.deepEqual([...first, ...second].sort(), VERSIONS, 'every migration applied by exactly one of them');
          assert.deepEqual(await appliedVersions(a), VERSIONS);
        } finally {
          await Promise.all([a.close(), b.close()]);
        }
      });
    }
  });

  it('two stores opened at once on a schema that does not exist yet both open', { timeout: 120_000 }, async () => {
    for (let round = 0; round < 4; round++) {
      await withFreshSchema(async (schema) => {
        const migrations = migrationSetsOf(MANIFESTS);
        const opened = await Promise.allSettled([
          openStore({ databaseUrl: url, schema, migrations }),
          openStore({ databaseUrl: url, schema, migrations }),
        ]);
        const dbs = opened.flatMap((o) => (o.status === 'fulfilled' ? [o.value] : []));
        try {
          for (const o of opened) if (o.status === 'rejected') assert.fail(`round ${round}: ${o.reason}`);
          assert.deepEqual(await appliedVersions(dbs[0]!), VERSIONS);
        } finally {
          await Promise.all(dbs.map((db) => db.close()));
        }
      });
    }
  });
});

describe('migration files', () => {
  it('each folder numbers its files once: a new file takes the next number, applied after every earlier one', () => {
    for (const set of [{ dir: new URL('./migrations/', import.meta.url) }, ...migrationSetsOf(MANIFESTS)]) {
      const numbers = migrationFiles(set).map((f) => f.url.pathname.split('/').pop()!.slice(0, 3));
      assert.deepEqual(
        numbers.filter((n, i) => numbers.indexOf(n) !== i),
        [],
        `${set.dir.pathname}: ${numbers.join(' ')}`,
      );
    }
  });
});
