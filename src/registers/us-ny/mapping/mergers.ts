import type { Company, CompanyRelationship } from '../../../contract/index.ts';
import { parseSnapshotDate } from '../ingest/normalize.ts';
import type { FilingHistoryItem } from '../portal/protocol.ts';

export const COUNTRY = 'US-NY';

interface NamedParty {
  legalName: string;
  dosId?: string;
}

/** Where a name ends: an entity suffix, or the "(DOS ID n)" the description may add. */
const ENDS_ENTITY =
  /(\bINC\.?|\bCORP\.?|\bCORPORATION|\bCOMPANY|\bCO\.|\bLLC|L\.L\.C\.|\bLTD\.?|\bLIMITED|\bL\.?P\.?|\bLLP|L\.L\.P\.|\bP\.?C\.?|\bPLLC|\(DOS ID \d{6,8}\))$/i;
const DOS_ID = /\s*\(DOS ID (\d{6,8})\)$/i;
const TITLE = /^(?:CERTIFICATE OF\s+)?(?:MERGER|CONSOLIDATION)\s+OF\s+(.+?)\s+INTO\s+(.+)$/i;

const party = (text: string): NamedParty => {
  const id = DOS_ID.exec(text)?.[1];
  const legalName = text.replace(DOS_ID, '').trim();
  return { legalName, ...(id ? { dosId: id } : {}) };
};

/**
 * The constituents a list of names separated by commas and "AND" stands for. Names may contain both ("SMITH AND
 * SONS, INC."), so a piece ends a name only where it ends like one (an entity suffix or a DOS id).
 */
function constituents(list: string): NamedParty[] {
  const pieces = list.split(/(,\s*AND\s+|,\s+|\s+AND\s+|;\s*)/i);
  const names: string[] = [];
  let current = '';
  for (let i = 0; i < pieces.length; i += 2) {
    current += (current ? pieces[i - 1]! : '') + pieces[i]!;
    if (ENDS_ENTITY.test(current.trim())) {
      names.push(current.trim());
      current = '';
    }
  }
  // What is left ends unlike a name (a name without a suffix): it is one name still.
  if (current.trim()) names.push(current.trim());
  return names.map(party);
}

/** The statutory title of a certificate of merger (BCL §904-a "merger of … and … into …"), when the text is one. */
export function parseMergerTitle(text: string): { constituents: NamedParty[]; survivor: NamedParty } | undefined {
  const m = TITLE.exec(text.replace(/\s+/g, ' ').trim());
  return m ? { constituents: constituents(m[1]!), survivor: party(m[2]!) } : undefined;
}

const comparable = (name: string) =>
  name
    .toUpperCase()
    .replace(/[.,'"]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

/**
 * The mergers a filing history records, from the side of the entity whose history it is (spec §2.5): on the
 * surviving entity each absorbed constituent is `mergedFrom`; on a constituent the survivor is `mergedInto`. A
 * merger filing whose text names nobody still says that a merger was filed: `mergedFrom` without a company, unless
 * the entity itself was merged out. Dates are the filing's effective date, else its file date.
 */
export function mergerRelationships(filings: readonly FilingHistoryItem[], entity: Company): CompanyRelationship[] {
  const own = new Set([entity.legalName, ...(entity.legacyLegalNames ?? [])].filter((n): n is string => !!n).map(comparable));
  const mergedOut = entity.status?.statusDetails?.closureReason === 'MERGER';
  const out: CompanyRelationship[] = [];
  for (const f of filings) {
    const type = (f.documentType ?? '').trim();
    if (!/\bMERGER\b|\bCONSOLIDATION\b/i.test(type)) continue;
    const text =
      f.amendmentDescriptionFlag === false || f.amendmentDescriptionFlag === 'false' ? '' : (f.amendmentDescription ?? '').trim();
    const effectiveDate = parseSnapshotDate(f.effectiveDate ?? undefined) ?? parseSnapshotDate(f.fileDate ?? undefined);
    const description = text ? `${type}: ${text}` : type;
    const base = { ...(effectiveDate ? { effectiveDate } : {}), description };
    const title = text ? parseMergerTitle(text) : undefined;
    const ref = (p: NamedParty) => ({ legalName: p.legalName, ...(p.dosId ? { id: p.dosId } : {}), countryCode: COUNTRY });
    if (!title) {
      if (!mergedOut) out.push({ relation: 'mergedFrom', ...base });
      continue;
    }
    const isConstituent = title.constituents.some((c) => (c.dosId && c.dosId === entity.id) || own.has(comparable(c.legalName)));
    const isSurvivor =
      !isConstituent &&
      ((title.survivor.dosId ? title.survivor.dosId === entity.id : false) || own.has(comparable(title.survivor.legalName)) || !mergedOut);
    if (isConstituent) out.push({ relation: 'mergedInto', company: ref(title.survivor), ...base });
    else if (isSurvivor) for (const c of title.constituents) out.push({ relation: 'mergedFrom', company: ref(c), ...base });
  }
  return out;
}
