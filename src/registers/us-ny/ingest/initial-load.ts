import type { UsNyEntityWrite } from '../repositories/entities.ts';
import { analyzeEntities, finishSnapshot, type ApplyDeps, type IngestReport, type SnapshotSources } from './ingestion.ts';
import { IdTable } from './id-table.ts';
import { packedWrite, readNames, SnapshotBuilder } from './snapshot.ts';

/**
 * The first snapshot of an empty store, streamed: each row is written as it is read, so that the database loads
 * (on the other core) while the file is parsed, and the 4.3 million rows are never all held. The name history is
 * read first, since an entity's stored form includes its names.
 *
 * Deduplication as SnapshotBuilder does it (the fuller row wins, the later one on a tie), without holding rows: the
 * first occurrence of an id is written at once, and a later occurrence that wins replaces it after the load, in the
 * same transaction. Repeats are rare (a few per thousand rows).
 */
export async function loadInitial(deps: ApplyDeps, sources: SnapshotSources, source: string, seq: number): Promise<IngestReport> {
  const t0 = performance.now();
  const builder = await readNames(sources.names, new SnapshotBuilder());
  const t1 = performance.now();

  // Per id (its number): the filled columns of the row written; the id's text where it has leading zeros.
  const filled = new IdTable(1 << 20);
  const idText = new Map<number, string>();
  const winners = new Map<number, { dosId: string; packed: string; name: string }>();
  const writeOf = (dosId: string, key: number, packed: string, name: string) => packedWrite(dosId, packed, builder.namesOf(key), name);

  async function* firstOccurrences(): AsyncGenerator<UsNyEntityWrite[]> {
    for await (const batch of sources.entities) {
      const out: UsNyEntityWrite[] = [];
      builder.eachPackedRow(batch, (dosId, packed, columns, name) => {
        const key = Number(dosId);
        const prev = filled.get(key);
        if (prev < 0) {
          filled.set(key, columns);
          if (dosId.length > 1 && dosId.charCodeAt(0) === 48 /* 0 */) idText.set(key, dosId);
          out.push(writeOf(dosId, key, packed, name));
          return;
        }
        builder.stats.duplicateRows++;
        if (prev > columns) return;
        filled.set(key, columns);
        winners.set(key, { dosId, packed, name });
      });
      if (out.length) yield out;
    }
  }

  await deps.db.transaction(async (tx) => {
    await deps.entities.insertNew(tx, firstOccurrences(), seq);
    if (winners.size) {
      // A winner spelled differently (leading zeros) replaces the row written under the other spelling.
      const written = (key: number) => idText.get(key) ?? String(key);
      await deps.entities.delete(
        tx,
        [...winners].filter(([key, w]) => written(key) !== w.dosId).map(([key]) => written(key)),
      );
      await deps.entities.upsert(
        tx,
        [...winners].map(([key, w]) => writeOf(w.dosId, key, w.packed, w.name)),
        seq,
      );
    }
    builder.countOrphans((key) => filled.has(key));
    await finishSnapshot(deps, tx, seq, builder.stats, { entities: filled.size, added: filled.size, changed: 0, removed: 0 }, true);
  });
  await analyzeEntities(deps);
  const t2 = performance.now();
  return {
    seq,
    source,
    initial: true,
    read: builder.stats,
    entities: filled.size,
    added: filled.size,
    changed: 0,
    removed: 0,
    unchanged: 0,
    timingsMs: { read: Math.round(t1 - t0), diff: 0, write: Math.round(t2 - t1) },
  };
}
