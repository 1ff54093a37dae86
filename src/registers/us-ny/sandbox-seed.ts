import type { Db } from '../../store/db.ts';
import { SnapshotBusyError, UsNySnapshotRepository } from './repositories/snapshots.ts';
import { sleep } from '../../shared/sleep.ts';
import { constituentIdOf, mergerOf, type DerivedMerger } from './emulator/filings.ts';
import { generateEntities } from './generator.ts';
import { ingestEntities } from './ingest/ingest.ts';

export interface SeedOptions {
  size: number;
  seed: string;
}

/**
 * Seeds the sandbox register with a generated snapshot, once: nothing happens when any snapshot was applied
 * already (by an earlier start, another process, or an operator's ingestion), and a concurrent seeding by another
 * process is waited for. A few thousand rows take well under a second.
 */
export async function ensureSeeded(db: Db, now: () => Date, opts: SeedOptions): Promise<void> {
  const snapshots = new UsNySnapshotRepository(db);
  for (let attempt = 0; attempt < 600; attempt++) {
    if (await snapshots.latestDone()) return;
    try {
      await ingestEntities({ db, now }, generateEntities({ size: opts.size, seed: opts.seed }), `sandbox-seed:${opts.seed}:${opts.size}`);
      return;
    } catch (err) {
      if (!(err instanceof SnapshotBusyError)) throw err;
      await sleep(100);
    }
  }
  throw new Error('the US-NY sandbox seed did not finish in time');
}

/**
 * The seed's merged companies: entities that absorbed another by merger, as the emulated portal's filing history
 * shows them in verification mode (`companyRelationships: [{relation: 'mergedFrom', …}]`): about 3 in 100 entities
 * of the seed (82 of the default 3000), domestic corporations and LLCs whose next id is free; the absorbed entity
 * answers on the portal at that id, inactive and merged out. The snapshot itself has no filings, so onboarding shows
 * none of this.
 */
export function seededMergers(opts: SeedOptions): { survivor: { dosId: string; legalName: string }; merger: DerivedMerger }[] {
  const entities = [...generateEntities({ size: opts.size, seed: opts.seed })];
  const ids = new Set(entities.map((e) => e.row.dos_id));
  return entities.flatMap((e) => {
    const merger = mergerOf(e, !ids.has(constituentIdOf(e.row.dos_id)));
    return merger ? [{ survivor: { dosId: e.row.dos_id, legalName: e.row.current_entity_name }, merger }] : [];
  });
}
