import { z } from 'zod';

/**
 * The 30 columns of the open-data snapshot "Active Corporations: Beginning 1800" (data.ny.gov `n9v6-gdp6`),
 * in the dataset's order, by their API field names (registers/us-ny.md §1). `chairman_*` is the CEO.
 */
export const SNAPSHOT_COLUMNS = [
  'dos_id',
  'current_entity_name',
  'initial_dos_filing_date',
  'county',
  'jurisdiction',
  'entity_type',
  'dos_process_name',
  'dos_process_address_1',
  'dos_process_address_2',
  'dos_process_city',
  'dos_process_state',
  'dos_process_zip',
  'chairman_name',
  'chairman_address_1',
  'chairman_address_2',
  'chairman_city',
  'chairman_state',
  'chairman_zip',
  'registered_agent_name',
  'registered_agent_address_1',
  'registered_agent_address_2',
  'registered_agent_city',
  'registered_agent_state',
  'registered_agent_zip',
  'location_name',
  'location_address_1',
  'location_address_2',
  'location_city',
  'location_state',
  'location_zip',
] as const;
export type SnapshotColumn = (typeof SNAPSHOT_COLUMNS)[number];

/** One snapshot row: every column optional except the id and the name (the JSON form omits empty columns). */
export type SnapshotRow = { dos_id: string; current_entity_name: string } & Partial<Record<SnapshotColumn, string>>;

/** The columns of the companion table "Name Status History" (`ekwr-p59j`). */
export const NAME_HISTORY_COLUMNS = ['corpid_num', 'film_num', 'date_filed', 'name_type', 'name_status', 'corp_name'] as const;

/**
 * One name of an entity, as a sandbox record carries it (registers/us-ny.md §1): `name_status` "A" is the current
 * name, anything else a former one; `name_type` ENTITY is a legal name, ASSUMED a d/b/a.
 */
export interface NameHistoryEntry {
  corp_name: string;
  name_type: 'ENTITY' | 'ASSUMED';
  name_status: string;
  date_filed?: string;
}

/** An entity of the deduplicated snapshot: its row and its names. */
export interface SnapshotEntity {
  row: SnapshotRow;
  names: NameHistoryEntry[];
}

const text = z.string().max(1000);
const rowShape = Object.fromEntries(SNAPSHOT_COLUMNS.map((c) => [c, text.optional()])) as Record<
  SnapshotColumn,
  z.ZodOptional<z.ZodString>
>;

export const NameHistoryEntrySchema = z.object({
  corp_name: z.string().min(1).max(1000),
  name_type: z
    .string()
    .transform((s) => (/assum/i.test(s) ? 'ASSUMED' : 'ENTITY') as NameHistoryEntry['name_type'])
    .describe('ENTITY (a legal name) or ASSUMED (a d/b/a).'),
  name_status: z.string().max(10).describe('"A" for the current name, anything else for a former one.'),
  date_filed: z.string().max(40).optional(),
});

/** A snapshot row as the operator stores it (CONTRACT §5): the dataset's columns plus `nameHistory`. */
export const SnapshotRowSchema = z.object({
  ...rowShape,
  dos_id: z.string().regex(/^\s*\d{6,8}\s*$/, 'dos_id is 6 to 8 digits'),
  current_entity_name: z.string().trim().min(1).max(1000),
  nameHistory: z.array(NameHistoryEntrySchema).max(500).optional(),
});
