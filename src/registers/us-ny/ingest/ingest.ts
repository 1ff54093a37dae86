import type { Readable } from 'node:stream';
import type { Db } from '../../../store/db.ts';
import { UsNyEntityRepository } from '../repositories/entities.ts';
import { UsNySnapshotRepository } from '../repositories/snapshots.ts';
import type { SnapshotEntity } from '../columns.ts';
import { applySnapshot, ingestSnapshot, type IngestReport } from './apply.ts';
import { downloadDataset, type DownloadOptions } from './download.ts';
import { readRecordBatches, type FileFormat } from './read.ts';
import { SnapshotBuilder } from './snapshot.ts';

export type { IngestReport } from './apply.ts';

/** A snapshot to ingest: the entity table and, optionally, the name history table, each a path or a stream. */
export interface SnapshotFiles {
  entities: { input: string | Readable; format: FileFormat };
  names?: { input: string | Readable; format: FileFormat };
  /** Recorded with the snapshot (a file name or URL). */
  source: string;
}

export interface IngestDeps {
  db: Db;
  now: () => Date;
}

/**
 * Reads a snapshot in its real format (CSV or JSON, with drift and duplicate ids), deduplicates it and applies it to
 * the store as a diff (see applySnapshot; the first one is streamed into the store, see initial-load.ts).
 */
export async function ingestFiles(deps: IngestDeps, files: SnapshotFiles): Promise<IngestReport> {
  const sources = {
    entities: readRecordBatches(files.entities.input, files.entities.format),
    ...(files.names ? { names: readRecordBatches(files.names.input, files.names.format) } : {}),
  };
  return ingestSnapshot(storeOf(deps), sources, files.source);
}

/** Downloads the snapshot and its name history from the open-data API and applies them. */
export async function ingestFromApi(
  deps: IngestDeps,
  urls: { entities: string; names?: string },
  opts: DownloadOptions,
): Promise<IngestReport> {
  const sources = { entities: downloadDataset(urls.entities, opts), ...(urls.names ? { names: downloadDataset(urls.names, opts) } : {}) };
  return ingestSnapshot(storeOf(deps), sources, urls.entities);
}

/** Applies entities already in canonical form (the generator's, for the sandbox seed and benchmarks). */
export async function ingestEntities(deps: IngestDeps, entities: Iterable<SnapshotEntity>, source: string): Promise<IngestReport> {
  const builder = new SnapshotBuilder();
  for (const e of entities) {
    builder.stats.rowsRead++;
    builder.put(e.row);
    for (const n of e.names) builder.addName(e.row.dos_id, n);
  }
  return applySnapshot(storeOf(deps), builder, source);
}

function storeOf(deps: IngestDeps) {
  return { db: deps.db, entities: new UsNyEntityRepository(deps.db), snapshots: new UsNySnapshotRepository(deps.db), now: deps.now };
}
