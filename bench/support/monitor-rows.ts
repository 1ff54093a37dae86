// Monitors in bulk for the monitor benchmark: the rows `POST /v2/monitors` writes for a company no monitor watched
// yet, written set-based for many companies at once (a million monitors through the API would take hours).
//
// What the service's own creation writes (src/monitors/service.ts `create`, then checker.ts `record` with the
// company's first observation), and so what `writeMonitoredBatch` writes, for each company:
//   monitors                    id (a cuid2), the account, US-NY, the company, active, the metadata,
//                               seen_version 1 and last_checked_at now (markChecked), created_at now
//   monitored_companies         version 1, data = the monitored view, present, next_check_at = now + a day (the
//                               daily check, MONITOR_CHECK_EVERY's default), last_checked_at and register_read_at
//                               now, failures 0
//   monitored_company_versions  version 1, the same data, no changes, no categories, created_at now
//   monitor_logs                one line: success, no change detected, no categories
// The monitored view is built by the checker's own code (fetchMonitoredView) over the register's own mapping of
// the stored snapshot row (what UsNyRegister.fetch answers in onboarding mode), read from the store in pages
// instead of three queries per data point. The benchmark compares it with the rows the API wrote for its sample.
import { randomBytes } from 'node:crypto';
import type { Catalogue } from '../../src/registers/catalogue.ts';
import type { DataPointPayloads, FetchableDataPoint, Fetched } from '../../src/registers/contract.ts';
import type { NameHistoryEntry, SnapshotEntity } from '../../src/registers/us-ny/columns.ts';
import { companyFromSnapshot, partiesFromSnapshot } from '../../src/registers/us-ny/mapping/company.ts';
import { mapPeople } from '../../src/registers/us-ny/mapping/people.ts';
import { unpackRow } from '../../src/registers/us-ny/packed-row.ts';
import { diffSnapshots } from '../../src/monitors/diff.ts';
import { fetchMonitoredView, type MonitoredView } from '../../src/monitors/view.ts';
import { newId } from '../../src/shared/ids.ts';
import type { Db } from '../../src/store/db.ts';

/** The time between two checks of a company (src/config.ts MONITOR_CHECK_EVERY's default). */
export const CHECK_INTERVAL_MS = 86_400_000;

/** Nothing here waits on a register: no time limit (a timer per view would cost more than the view). */
const NEVER = new AbortController().signal;

/** The monitored view of a stored US-NY entity, as a check in onboarding mode sees it. */
export async function monitoredViewOf(catalogue: Catalogue, e: SnapshotEntity): Promise<MonitoredView> {
  // UsNyRegister.fetch in onboarding mode, for an entity found in the snapshot (no sandbox behaviour).
  const register = {
    catalogue,
    async fetch<D extends FetchableDataPoint>(dataPoint: D): Promise<Fetched<D>> {
      const out = (data: unknown) =>
        ({ data: data as DataPointPayloads[D], source: { overall: { type: 'cached_from_registry' } } }) as Fetched<D>;
      if (dataPoint === 'company') return out({ company: companyFromSnapshot(e) });
      if (dataPoint === 'legalRepresentatives' || dataPoint === 'otherKeyPersons') {
        const people = mapPeople({ dosId: e.row.dos_id, legalName: e.row.current_entity_name }, e.row.entity_type, partiesFromSnapshot(e));
        return out(dataPoint === 'legalRepresentatives' ? people.legalRepresentatives : people.otherKeyPersons);
      }
      return out([]);
    },
  };
  return (await fetchMonitoredView(register, e.row.dos_id, NEVER)).view;
}

/** The active entities of the US-NY snapshot store, in dos_id order, a page at a time (row and names as stored). */
export async function* storedEntities(db: Db, pageSize = 5_000): AsyncGenerator<SnapshotEntity[]> {
  let after = '';
  for (;;) {
    const rows = await db.query<{ dos_id: string; row: string; names: string }>(
      'select dos_id, row, names from us_ny_entities where removed_at is null and dos_id > $1 order by dos_id limit $2',
      [after, pageSize],
    );
    if (!rows.length) return;
    // As SnapshotSource.lookup reads a stored entity.
    yield rows.map((r) => ({ row: unpackRow(r.row), names: r.names ? (JSON.parse(r.names) as NameHistoryEntry[]) : [] }));
    after = rows[rows.length - 1]!.dos_id;
  }
}

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const BASE36 = '0123456789abcdefghijklmnopqrstuvwxyz';

/**
 * An id of cuid2's shape (24 characters, a letter then base 36): createId costs about 0.25 ms, four minutes for a
 * million; these are random bytes, which is all the schema and the API need of a monitor id.
 */
export function monitorIdLikeCuid2(): string {
  const bytes = randomBytes(24);
  let id = LOWER[bytes[0]! % 26]!;
  for (let i = 1; i < 24; i++) id += BASE36[bytes[i]! % 36];
  return id;
}

export interface BulkMonitor {
  companyId: string;
  accountId: string;
  view: MonitoredView;
}

/** Writes the rows of monitors created for companies no monitor watched yet (see the top of this file). */
export async function writeMonitoredBatch(
  db: Db,
  monitors: readonly BulkMonitor[],
  metadata: Record<string, string>,
  now: Date,
): Promise<void> {
  if (!monitors.length) return;
  const ids = monitors.map(() => monitorIdLikeCuid2());
  const companyIds = monitors.map((m) => m.companyId);
  const nextCheckAt = new Date(now.getTime() + CHECK_INTERVAL_MS);
  await db.transaction(async (tx) => {
    await tx.query(
      `insert into monitored_companies (country_code, company_id, version, data, status, next_check_at, last_checked_at, failures, register_read_at)
       select 'US-NY', c, 1, d::jsonb, 'present', $3, $4, 0, $4 from unnest($1::text[], $2::text[]) as t(c, d)`,
      [companyIds, monitors.map((m) => JSON.stringify(m.view)), nextCheckAt, now],
    );
    await tx.query(
      `insert into monitored_company_versions (country_code, company_id, version, data, changes, categories, created_at)
       select country_code, company_id, 1, data, '[]'::jsonb, '[]'::jsonb, $2
         from monitored_companies where country_code = 'US-NY' and company_id = any($1::text[])`,
      [companyIds, now],
    );
    await tx.query(
      `insert into monitors (id, account_id, country_code, company_id, status, metadata, seen_version, created_at, last_checked_at)
       select i, a, 'US-NY', c, 'active', $4::jsonb, 1, $5, $5 from unnest($1::text[], $2::text[], $3::text[]) as t(i, a, c)`,
      [ids, monitors.map((m) => m.accountId), companyIds, JSON.stringify(metadata), now],
    );
    await tx.query(
      `insert into monitor_logs (id, monitor_id, change_detected, change_categories, fetch_status, error_message, created_at)
       select l, m, false, '[]'::jsonb, 'success', null, $3 from unnest($1::text[], $2::text[]) as t(l, m)`,
      [ids.map(() => newId('mlog', now.getTime())), ids, now],
    );
  });
}

/**
 * The rows the API wrote for `companyIds` (monitors created through `POST /v2/monitors`) against what
 * `writeMonitoredBatch` writes: the same snapshot data (the bulk view of the stored entity), version 1, seen by the
 * monitor, one log line, one version, the next check a safety interval on.
 */
export async function compareWithApiRows(db: Db, catalogue: Catalogue, companyIds: readonly string[]) {
  const rows = await db.query<{
    companyId: string;
    version: number;
    data: MonitoredView;
    intervalMs: number;
    readAtCheck: boolean;
    seen: number;
    logs: number;
    versions: number;
    row: string;
    names: string;
  }>(
    `select c.company_id as "companyId", c.version, c.data, extract(epoch from c.next_check_at - c.last_checked_at)::float8 * 1000 as "intervalMs",
            c.register_read_at = c.last_checked_at as "readAtCheck",
            m.seen_version as seen, e.row, e.names,
            (select count(*)::int from monitor_logs l where l.monitor_id = m.id) as logs,
            (select count(*)::int from monitored_company_versions v where v.country_code = c.country_code and v.company_id = c.company_id) as versions
       from monitored_companies c
       join monitors m on m.country_code = c.country_code and m.company_id = c.company_id
       join us_ny_entities e on e.dos_id = c.company_id
      where c.country_code = 'US-NY' and c.company_id = any($1::text[])`,
    [companyIds],
  );
  let identical = 0;
  const differences: string[] = [];
  for (const { row, names, data, ...r } of rows) {
    const bulk = await monitoredViewOf(catalogue, { row: unpackRow(row), names: names ? (JSON.parse(names) as NameHistoryEntry[]) : [] });
    const diff = diffSnapshots(data, bulk);
    const sameRows =
      r.version === 1 &&
      r.seen === 1 &&
      r.logs === 1 &&
      r.versions === 1 &&
      r.readAtCheck &&
      Math.round(r.intervalMs) === CHECK_INTERVAL_MS;
    if (!diff.length && sameRows) identical++;
    else if (differences.length < 3) differences.push(JSON.stringify({ ...r, diff: diff.slice(0, 3) }));
  }
  return { compared: rows.length, identical, differences };
}
