import type { UsNyEntityWrite } from '../repositories/entities.ts';
import type { FieldChange, UsNySnapshotChange } from '../repositories/snapshots.ts';
import type { NameHistoryEntry, SnapshotRow } from '../columns.ts';
import { unpackRow } from '../packed-row.ts';
import { IdTable } from './id-table.ts';
import { analyzeEntities, finishSnapshot, type ApplyDeps, type IngestReport, type SnapshotSources } from './ingestion.ts';
import { loadInitial } from './initial-load.ts';
import { readSnapshotBatches, type SnapshotBuilder } from './snapshot.ts';

export type { ApplyDeps, IngestReport, SnapshotSources } from './ingestion.ts';

/**
 * Reads a snapshot and applies it (see applySnapshot). Into an empty store, the snapshot is loaded as it is read
 * (initial-load.ts); otherwise it is read whole first, since the diff needs every row.
 */
export async function ingestSnapshot(deps: ApplyDeps, sources: SnapshotSources, source: string): Promise<IngestReport> {
  const seq = await deps.snapshots.begin(source, deps.now());
  try {
    if (await isEmpty(deps)) return await loadInitial(deps, sources, source, seq);
    const t0 = performance.now();
    const builder = await readSnapshotBatches(sources.entities, sources.names);
    const readMs = Math.round(performance.now() - t0);
    const report = await applyAs(deps, builder, source, seq);
    return { ...report, timingsMs: { ...report.timingsMs, read: readMs } };
  } catch (err) {
    await deps.snapshots.fail(seq, (err as Error).message ?? String(err), deps.now()).catch(() => undefined);
    throw err;
  }
}

/** No snapshot applied yet and no entity stored: the next one is the first. */
async function isEmpty(deps: ApplyDeps): Promise<boolean> {
  return (await deps.snapshots.latestDone()) === undefined && (await deps.entities.countActive()) === 0;
}

const WRITE_BATCH = 5_000;

/**
 * Applies a read snapshot to the store as a diff against the one stored: new and re-listed entities are
 * `added`, entities whose row or names differ `changed` (with the fields that changed), stored entities missing
 * from the snapshot `removed` (the dataset lists active corporations only, so leaving it means becoming inactive
 * or gone). Everything is written in one transaction with the snapshot's record, so readers see the old snapshot
 * or the new one, never half of each. One ingestion runs at a time across processes (SnapshotBusyError).
 */
export async function applySnapshot(deps: ApplyDeps, builder: SnapshotBuilder, source: string): Promise<IngestReport> {
  const seq = await deps.snapshots.begin(source, deps.now());
  try {
    return await applyAs(deps, builder, source, seq);
  } catch (err) {
    await deps.snapshots.fail(seq, (err as Error).message ?? String(err), deps.now()).catch(() => undefined);
    throw err;
  }
}

async function applyAs(deps: ApplyDeps, builder: SnapshotBuilder, source: string, seq: number): Promise<IngestReport> {
  const t0 = performance.now();
  const initial = await isEmpty(deps);

  // The diff: stored states against the snapshot's entities (hashes only; rows are read back only for changes).
  const fresh = builder;
  const toWrite: { dosId: string; change: 'added' | 'changed' }[] = [];
  const removed: string[] = [];
  let unchanged = 0;
  if (!initial) {
    const seen = new IdTable(fresh.size);
    for await (const page of deps.entities.scanStates()) {
      for (const s of page) {
        const hash = fresh.hashOf(s.dosId);
        if (hash === undefined) {
          if (s.active) removed.push(s.dosId);
          continue;
        }
        seen.set(Number(s.dosId), 1);
        if (!s.active) toWrite.push({ dosId: s.dosId, change: 'added' });
        else if (hash !== s.hash) toWrite.push({ dosId: s.dosId, change: 'changed' });
        else unchanged++;
      }
    }
    for (const dosId of fresh.ids()) {
      if (seen.has(Number(dosId))) continue;
      toWrite.push({ dosId, change: 'added' });
    }
  }
  const t1 = performance.now();

  const writeOf = (dosId: string): UsNyEntityWrite => fresh.writeOf(dosId)!;

  let added = 0;
  let changed = 0;
  await deps.db.transaction(async (tx) => {
    if (initial) {
      // The first snapshot goes into an empty table: bulk-loaded (COPY), each row built as the store takes it.
      await deps.entities.insertNew(
        tx,
        (function* () {
          let batch: UsNyEntityWrite[] = [];
          for (const dosId of fresh.ids()) {
            batch.push(writeOf(dosId));
            if (batch.length === WRITE_BATCH) {
              yield batch;
              batch = [];
            }
          }
          if (batch.length) yield batch;
        })(),
        seq,
      );
      added = fresh.size;
    } else {
      for (let i = 0; i < toWrite.length; i += WRITE_BATCH) {
        const slice = toWrite.slice(i, i + WRITE_BATCH);
        const before = new Map(
          (
            await deps.entities.getMany(
              slice.filter((w) => w.change === 'changed').map((w) => w.dosId),
              tx,
            )
          ).map((s) => [s.dosId, s]),
        );
        const changes: UsNySnapshotChange[] = slice.map((w) => {
          const old = before.get(w.dosId);
          const e = fresh.get(w.dosId)!;
          return old
            ? { seq, dosId: w.dosId, change: w.change, fields: fieldChanges(old.row, old.names, e.row, e.names) }
            : { seq, dosId: w.dosId, change: w.change };
        });
        await deps.entities.upsert(
          tx,
          slice.map((w) => writeOf(w.dosId)),
          seq,
        );
        await deps.snapshots.addChanges(tx, changes);
      }
      for (let i = 0; i < removed.length; i += WRITE_BATCH) {
        const slice = removed.slice(i, i + WRITE_BATCH);
        await deps.entities.markRemoved(tx, slice, seq, deps.now());
        await deps.snapshots.addChanges(
          tx,
          slice.map((dosId) => ({ seq, dosId, change: 'removed' as const })),
        );
      }
      added = toWrite.filter((w) => w.change === 'added').length;
      changed = toWrite.length - added;
    }
    await finishSnapshot(deps, tx, seq, builder.stats, { entities: fresh.size, added, changed, removed: removed.length }, initial);
  });
  await analyzeEntities(deps);
  const t2 = performance.now();
  return {
    seq,
    source,
    initial,
    read: builder.stats,
    entities: fresh.size,
    added,
    changed,
    removed: removed.length,
    unchanged,
    timingsMs: { read: 0, diff: Math.round(t1 - t0), write: Math.round(t2 - t1) },
  };
}

/** The columns (and `names`) that differ between two versions of an entity: the stored one and the new one. */
export function fieldChanges(beforeRow: string, beforeNames: string, after: SnapshotRow, afterNames: NameHistoryEntry[]): FieldChange[] {
  const a = unpackRow(beforeRow) as Record<string, string>;
  const b = after as Record<string, string>;
  const out: FieldChange[] = [];
  for (const key of new Set([...Object.keys(a), ...Object.keys(b)])) {
    if (a[key] !== b[key]) out.push({ path: key, before: a[key] ?? null, after: b[key] ?? null });
  }
  const namesAfter = afterNames.length ? JSON.stringify(afterNames) : '';
  if (beforeNames !== namesAfter) out.push({ path: 'names', before: beforeNames ? JSON.parse(beforeNames) : [], after: afterNames });
  return out;
}
