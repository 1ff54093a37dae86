import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { MANIFESTS } from '../registers/index.ts';
import { migrationSetsOf } from '../registers/manifest.ts';
import { migrate, migrationFiles } from './migrate.ts';
import { openPglite } from './pglite.ts';

/**
 * A register's tables used to be a store migration (US-NY's snapshot: `004_us_ny`); they are now its own set,
 * recorded as `us-ny/001_snapshots`. A database migrated before the move must open without re-running them.
 */
describe('migrations that moved into a register folder', () => {
  const sets = migrationSetsOf(MANIFESTS);
  const moved = sets.find((s) => s.formerly && Object.keys(s.formerly).length > 0)!;
  const [file, formerVersion] = Object.entries(moved.formerly!)[0]!;

  it('a database that applied the former version keeps its rows and is not migrated again', { timeout: 60_000 }, async () => {
    const db = await openPglite(undefined);
    try {
      // The database as an older build left it: the store's migrations, and the moved file under its former name.
      await migrate(db);
      const old = migrationFiles(moved).find((f) => f.version === `${moved.prefix}/${file}`)!;
      await db.exec(readFileSync(old.url, 'utf8'));
      await db.query('insert into schema_migrations (version) values ($1)', [formerVersion]);
      await db.query(`insert into us_ny_snapshots (source, status, started_at) values ('before the move', 'done', now())`);

      const applied = await migrate(db, { sets });
      assert.ok(!applied.includes(`${moved.prefix}/${file}`), `applied again: ${applied.join(', ')}`);
      const versions = (await db.query<{ version: string }>('select version from schema_migrations')).map((r) => r.version);
      assert.ok(versions.includes(`${moved.prefix}/${file}`), 'recorded under its new name');
      assert.ok(versions.includes(formerVersion), 'the former record is kept');
      const rows = await db.query<{ source: string }>('select source from us_ny_snapshots');
      assert.deepEqual(
        rows.map((r) => r.source),
        ['before the move'],
      );
      assert.deepEqual(await migrate(db, { sets }), [], 'a second start applies nothing');
    } finally {
      await db.close();
    }
  });

  it('a fresh database gets the register tables under the register prefix', { timeout: 60_000 }, async () => {
    const db = await openPglite(undefined);
    try {
      const applied = await migrate(db, { sets });
      assert.ok(applied.includes(`${moved.prefix}/${file}`));
      assert.ok(!applied.includes(formerVersion));
      assert.deepEqual(await db.query('select * from us_ny_snapshots'), []);
    } finally {
      await db.close();
    }
  });
});
