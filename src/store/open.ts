import type { Db } from './db.ts';
import { migrate, type MigrationSet } from './migrate.ts';
import { openPglite } from './pglite.ts';
import type { UpkeepFailure } from './pglite-upkeep.ts';
import { openPostgres } from './postgres.ts';
import type { ConnectionCheck } from './postgres-liveness.ts';

/**
 * PostgreSQL when a URL is given, otherwise the embedded store under `dataDir` (in memory when undefined), migrated
 * with the store's tables and `migrations` (the registers' own: `migrationSetsOf(MANIFESTS)`).
 */
export async function openStore(opts: {
  databaseUrl?: string;
  dataDir?: string;
  schema?: string;
  migrations?: readonly MigrationSet[];
  /** The embedded store's checkpoints and vacuums that failed (PostgreSQL runs its own, and logs them itself). */
  onUpkeepFailure?: (failure: UpkeepFailure) => void;
  /** PostgreSQL: connections held this long are looked up on the server, and closed if their backend is gone. */
  connectionCheck?: ConnectionCheck;
}): Promise<Db> {
  const db = opts.databaseUrl
    ? await openPostgres(opts.databaseUrl, { schema: opts.schema, connectionCheck: opts.connectionCheck })
    : await openPglite(opts.dataDir, { onUpkeepFailure: opts.onUpkeepFailure });
  try {
    // A configured schema that does not exist yet would send every table to the next one on the path.
    await migrate(db, { schema: opts.schema, sets: opts.migrations });
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}
