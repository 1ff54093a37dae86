import type { PGlite } from '@electric-sql/pglite';
import type { StoreActivity } from './pglite-activity.ts';
import { repeatUpkeep, type UpkeepFailure } from './pglite-upkeep.ts';

/**
 * When the embedded store checkpoints. PostgreSQL checkpoints on its own only under a postmaster (its checkpointer
 * process, from checkpoint_timeout and max_wal_size); PGlite runs one backend alone, which never does. Its
 * write-ahead log would grow without end while the process runs (about 4 MB a second at 500 onboarding requests a
 * second, in memory for a store without a directory) and be replayed whole at the next start after a crash.
 */
export interface CheckpointPolicy {
  /** A checkpoint once this much log has been written since the last one, busy or not. */
  afterWalBytes: number;
  /** A checkpoint past this much log when the store has been quiet for `lullMs`. */
  inLullAfterWalBytes: number;
  lullMs: number;
  /** How often that is looked at. */
  checkMs: number;
}

/**
 * 64 MB: at 500 onboarding requests a second, a checkpoint about every 25 s writes what changed since the last one in
 * 60-75 ms on this thread, and the log's files stay under 100 MB, the freed segments reused. A bulk load writes more
 * between two looks; the checkpoints after it bring the files back down. A store whose requests come in bursts
 * checkpoints earlier, past 8 MB, in a quarter of a second without a request: while no request waits.
 */
export const DEFAULT_CHECKPOINTS: CheckpointPolicy = {
  afterWalBytes: 64 * 1024 * 1024,
  inLullAfterWalBytes: 8 * 1024 * 1024,
  lullMs: 250,
  checkMs: 1_000,
};

const WAL_SINCE_CHECKPOINT = `select pg_wal_lsn_diff(pg_current_wal_lsn(), redo_lsn)::int8 as bytes from pg_control_checkpoint()`;

/**
 * Checkpoints `db` whenever the policy says so, outside any transaction (PGlite runs a statement between two
 * transactions, never inside another's). Returns the stop.
 */
export function startCheckpoints(
  db: PGlite,
  policy: CheckpointPolicy,
  activity: StoreActivity,
  report: (f: UpkeepFailure) => void,
): () => void {
  const step = async () => {
    const [row] = (await db.query<{ bytes: number }>(WAL_SINCE_CHECKPOINT)).rows;
    const bytes = row?.bytes ?? 0;
    const lull = activity.quietForMs() >= policy.lullMs;
    if (bytes >= policy.afterWalBytes || (lull && bytes >= policy.inLullAfterWalBytes)) await db.exec('checkpoint');
  };
  return repeatUpkeep('checkpoint', policy.checkMs, step, report);
}
