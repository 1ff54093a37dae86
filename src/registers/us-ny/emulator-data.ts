import type { SandboxStore } from '../../sandbox/store.ts';
import type { UsNyEntityRepository } from './repositories/entities.ts';
import type { NameHistoryEntry, SnapshotEntity } from './columns.ts';
import { unpackRow } from './packed-row.ts';
import type { EmulatorData } from './emulator/server.ts';
import { constituentIdOf, derivedFilings, mergedOutRecord, mergerOf, survivorIdOf } from './emulator/filings.ts';
import { filingsOfLiveRecord } from './record.ts';
import type { IndexManager } from './index-manager.ts';
import { COUNTRY } from './sandbox-overlay.ts';
import type { SnapshotSource } from './snapshot-source.ts';

const ENTITIES = 'n9v6-gdp6';
const NAMES = 'ekwr-p59j';

/** What the emulated Department of State serves: the sandbox snapshot, the operator's companies and controls. */
export function emulatorData(deps: {
  entities: UsNyEntityRepository;
  sandbox: SandboxStore;
  snapshot: SnapshotSource;
  index: IndexManager;
}): EmulatorData {
  const entity = async (dosId: string) => {
    const found = await deps.snapshot.lookup(dosId);
    return found.kind === 'found'
      ? { snapshot: found.entity, behaviour: found.behaviour, ...(found.live ? { live: found.live } : {}) }
      : undefined;
  };
  /** Entities of the seeded snapshot only: the operator's companies have the filings the operator gave them. */
  const seeded = async (dosId: string) => {
    const found = await entity(dosId);
    return found && !found.behaviour.notFound && !(await deps.sandbox.get(COUNTRY, dosId)) ? found : undefined;
  };
  /** The entity a seeded company absorbed by merger, which the portal still knows as inactive. */
  const mergedOut = async (dosId: string) => {
    const survivor = /^\d{6,8}$/.test(dosId) ? await seeded(survivorIdOf(dosId)) : undefined;
    const merger = survivor && mergerOf(survivor.snapshot, true);
    return merger?.constituent.dosId === dosId && !(await entity(dosId)) ? mergedOutRecord(survivor!.snapshot, merger) : undefined;
  };
  return {
    entity,
    mergedOut,
    async filings(dosId) {
      const found = await entity(dosId);
      if (!found || found.behaviour.notFound) return (await mergedOut(dosId))?.filings;
      const given = filingsOfLiveRecord(found.live);
      if (given) return given;
      const nextIdFree = !(await entity(constituentIdOf(dosId)));
      return derivedFilings(found.snapshot, (await seeded(dosId)) ? mergerOf(found.snapshot, nextIdFree) : undefined);
    },
    async searchNames(value, limit) {
      const hits = (await deps.index.get()).search(value, limit);
      const out: SnapshotEntity[] = [];
      for (const h of hits) {
        const e = await entity(h.dosId);
        if (e) out.push(e.snapshot);
      }
      return out;
    },
    isInOutage: () => deps.sandbox.isInOutage(COUNTRY),
    consumeFailure: (dosId) => deps.sandbox.consumeFailure(COUNTRY, dosId),
    // The open-data API serves the ingested snapshot; operator companies are the register's, not yet published.
    async datasetPage(dataset, offset, limit) {
      await deps.snapshot.ready();
      if (dataset === ENTITIES) {
        return (await deps.entities.page(offset, limit)).map((e) => unpackRow(e.row) as Record<string, string>);
      }
      if (dataset === NAMES) {
        const flat = (await deps.entities.withNames()).flatMap((e) =>
          (JSON.parse(e.names) as NameHistoryEntry[]).map((n) => ({
            corpid_num: e.dosId,
            ...(n.date_filed ? { date_filed: `${n.date_filed}T00:00:00.000` } : {}),
            name_type: n.name_type,
            name_status: n.name_status,
            corp_name: n.corp_name,
          })),
        );
        return flat.slice(offset, offset + limit);
      }
      return undefined;
    },
  };
}
