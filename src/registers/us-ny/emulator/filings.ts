import { createHash } from 'node:crypto';
import type { SnapshotEntity } from '../columns.ts';
import { AS_OF, typeSpecOf } from '../generator/entity.ts';
import { companyName, dateOfYear } from '../generator/parts.ts';
import { rngOf, type Rng } from '../generator/random.ts';
import type { EntityRecordResponse, FilingHistoryItem } from '../portal/protocol.ts';
import { statementOf } from './live-record.ts';

/**
 * The filing history the emulated portal shows for an entity of the sandbox snapshot (`GetFilingHistoryByID`), drawn
 * deterministically from its id like the rest of its portal record: the initial filing, name changes from its name
 * history, its latest biennial statements, and for some domestic corporations and LLCs a certificate of merger by
 * which they absorbed another entity. The absorbed entity left the register's active list, so its id is free: it is
 * the survivor's id plus one, and the portal still answers for it as an inactive entity "merged out" (mergedOutRecord).
 *
 * How the real portal words a merger filing is not publicly documented; the emulator writes the certificate's
 * statutory title (BCL §904-a: "merger of … into …") into `amendmentDescription`, with the constituent's DOS id, and
 * the connector reads that (mapping/mergers.ts).
 */

/** Share of eligible entities (domestic corporations and LLCs whose next id is free) that absorbed another. */
const MERGER_SHARE = 0.06;
const MERGING_TYPES = ['DOMESTIC BUSINESS CORPORATION', 'DOMESTIC LIMITED LIABILITY COMPANY'];
const AS_OF_YEAR = Number(AS_OF.slice(0, 4)) + 0.5;

export interface DerivedMerger {
  date: string;
  constituent: { dosId: string; name: string; entityType: string; filed: string };
}

const yearOf = (iso: string | undefined) => (iso ? Number(iso.slice(0, 4)) + (Number(iso.slice(5, 7)) - 1) / 12 : undefined);
const portalDate = (iso: string) => `${iso}T00:00:00`;

/** The id the constituent of a survivor's merger has: the next one, when the register has no entity there. */
export const constituentIdOf = (survivorId: string) => String(Number(survivorId) + 1);
export const survivorIdOf = (constituentId: string) => String(Number(constituentId) - 1);

/** The merger a seeded entity went through as the survivor, if any; `nextIdFree` says whether its next id is unused. */
export function mergerOf(e: SnapshotEntity, nextIdFree: boolean): DerivedMerger | undefined {
  const type = e.row.entity_type ?? '';
  const filedYear = yearOf(e.row.initial_dos_filing_date);
  if (!nextIdFree || !MERGING_TYPES.includes(type) || filedYear === undefined || filedYear > AS_OF_YEAR - 1.5) return undefined;
  const constituentId = constituentIdOf(e.row.dos_id);
  if (constituentId.length > 8) return undefined;
  const rng = rngOf('filings', Number(e.row.dos_id), 'merger');
  if (!rng.chance(MERGER_SHARE)) return undefined;
  const at = filedYear + 1 + rng.next() * (AS_OF_YEAR - filedYear - 1.5);
  const spec = typeSpecOf(rng.chance(0.6) ? type : rng.pick(MERGING_TYPES))!;
  return {
    date: dateOfYear(at),
    constituent: {
      dosId: constituentId,
      name: companyName(rng, spec),
      entityType: spec.type,
      filed: dateOfYear(Math.max(1900, at - 1 - rng.next() * 15)),
    },
  };
}

/** The certificate's title, as the emulated portal writes it in `amendmentDescription`. */
export const mergerTitle = (constituent: { name: string; dosId: string }, survivor: string) =>
  `MERGER OF ${constituent.name} (DOS ID ${constituent.dosId}) INTO ${survivor}`;

function filing(rng: Rng, dosId: string, date: string, documentType: string, description?: string): FilingHistoryItem {
  const fileNumber = `${date.slice(2, 4)}${date.slice(5, 7)}${date.slice(8, 10)}${String(rng.int(0, 999_999)).padStart(6, '0')}`;
  const guid = createHash('sha256').update(`${dosId}:${fileNumber}`).digest('hex');
  return {
    fileDate: portalDate(date),
    certCode: String(rng.int(1, 99)).padStart(2, '0'),
    documentType,
    pageCount: rng.int(1, 12),
    fileNumber,
    filingDocGUID:
      `{${guid.slice(0, 8)}-${guid.slice(8, 12)}-${guid.slice(12, 16)}-${guid.slice(16, 20)}-${guid.slice(20, 32)}}`.toUpperCase(),
    amendmentDescriptionFlag: description !== undefined,
    amendmentDescription: description ?? '',
  };
}

function initialFiling(entityType: string): string {
  if (/^FOREIGN/.test(entityType)) return 'APPLICATION OF AUTHORITY';
  if (/LIMITED LIABILITY COMPANY/.test(entityType)) return 'ARTICLES OF ORGANIZATION';
  if (/LIMITED LIABILITY PARTNERSHIP/.test(entityType)) return 'CERTIFICATE OF REGISTRATION';
  if (/LIMITED PARTNERSHIP/.test(entityType)) return 'CERTIFICATE OF LIMITED PARTNERSHIP';
  return 'CERTIFICATE OF INCORPORATION';
}

const newestFirst = (a: FilingHistoryItem, b: FilingHistoryItem) => (b.fileDate ?? '').localeCompare(a.fileDate ?? '');

/** The filing history of an entity of the snapshot; `merger` when it absorbed another. */
export function derivedFilings(e: SnapshotEntity, merger?: DerivedMerger): FilingHistoryItem[] {
  const row = e.row;
  const rng = rngOf('filings', Number(row.dos_id), 'list');
  const filed = row.initial_dos_filing_date ?? '2000-01-01';
  const out = [filing(rng, row.dos_id, filed, initialFiling(row.entity_type ?? ''))];
  // A later legal name came with a certificate of amendment.
  for (const n of e.names) {
    const date = n.date_filed?.slice(0, 10);
    if (n.name_type === 'ENTITY' && n.name_status === 'A' && date && date > filed)
      out.push(filing(rng, row.dos_id, date, 'CERTIFICATE OF AMENDMENT', `ENTITY NAME: ${n.corp_name}`));
  }
  // Biennial statements fall due every two years from the filing month; the last three are listed.
  let y = Number(filed.slice(0, 4)) + 2;
  while (y <= AS_OF_YEAR - 6) y += 2;
  // None after the register's date, and none from the missed due date on when the statement is past due.
  const statement = statementOf(row);
  for (; y <= AS_OF_YEAR; y += 2) {
    const date = `${y}${filed.slice(4, 10)}`;
    if (date <= AS_OF && !(statement.pastDue && date.slice(0, 7) >= statement.due.slice(0, 7)))
      out.push(filing(rng, row.dos_id, date, 'BIENNIAL STATEMENT'));
  }
  if (merger)
    out.push(filing(rng, row.dos_id, merger.date, 'CERTIFICATE OF MERGER', mergerTitle(merger.constituent, row.current_entity_name)));
  return out.sort(newestFirst);
}

/** What the portal shows for the entity a merger absorbed: inactive, merged out, its own two filings. */
export function mergedOutRecord(
  survivor: SnapshotEntity,
  merger: DerivedMerger,
): { record: EntityRecordResponse; filings: FilingHistoryItem[] } {
  const c = merger.constituent;
  const rng = rngOf('filings', Number(c.dosId), 'list');
  const sop = {
    name: 'THE ENTITY',
    address: {
      streetAddress: survivor.row.dos_process_address_1 ?? '',
      city: survivor.row.dos_process_city ?? '',
      state: survivor.row.dos_process_state ?? '',
      zipCode: survivor.row.dos_process_zip ?? '',
      country: 'UNITED STATES',
    },
  };
  const none = { name: '', address: { streetAddress: '', city: '', state: '', zipCode: '', country: '' } };
  return {
    record: {
      requestStatus: 'Success',
      resultIndicator: 'Success',
      entityGeneralInfo: {
        dosID: c.dosId,
        entityName: c.name,
        entityType: c.entityType,
        entityStatus: 'Inactive',
        reasonForStatus: 'Merged Out',
        inactiveDate: portalDate(merger.date),
        dateOfInitialDosFiling: portalDate(c.filed),
        effectiveDateInitialFiling: portalDate(c.filed),
        foreignFormationDate: '',
        foreignLegalName: '',
        durationDate: 'PERPETUAL',
        sectionofLaw: typeSpecOf(c.entityType)?.sectionOfLaw ?? '',
        statementStatus: '',
        nextStatementDueDate: '',
        county: survivor.row.county ?? '',
        jurisdiction: 'NEW YORK',
      },
      sopAddress: sop,
      ceo: none,
      registeredAgent: none,
      poExecAddress: none,
      locationAddress: none,
      stockShareInfoList: [],
    },
    filings: [
      filing(rng, c.dosId, merger.date, 'CERTIFICATE OF MERGER', mergerTitle(c, survivor.row.current_entity_name)),
      filing(rng, c.dosId, c.filed, initialFiling(c.entityType)),
    ],
  };
}
