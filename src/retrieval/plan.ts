import type { DataPoint, Mode } from '../contract/index.ts';
import type { FetchableDataPoint, Register } from '../registers/contract.ts';
import { blockFor, isAvailable } from '../registers/catalogue.ts';

/** One unit of register work; several requested data points may share it (`company` and `companyProfile`). */
export type Task =
  | { kind: 'dataPoint'; fetch: FetchableDataPoint | 'graph'; items: DataPoint[] }
  | { kind: 'document'; documentId: string };

/** The register call that serves a data point. */
export function fetchOf(dataPoint: DataPoint): FetchableDataPoint | 'graph' {
  return dataPoint === 'companyProfile' ? 'company' : dataPoint;
}

export interface Plan {
  dataPoints: DataPoint[];
  documents: string[];
  /** Requested data points the register cannot serve in this mode (or, with `authoritative`, not authoritatively). */
  unsupported: DataPoint[];
  /** Of `unsupported`, those the register serves in this mode but not from an authoritative source. */
  notAuthoritative: DataPoint[];
  tasks: Task[];
}

/** Deduplicates what was asked, sets aside what the register cannot serve, and groups the rest into tasks. */
export function planRequest(
  register: Register,
  mode: Mode,
  requested: { dataPoints?: DataPoint[]; documents?: string[]; authoritative?: boolean },
): Plan {
  const documents = [...new Set(requested.documents ?? [])];
  const dataPoints = [...new Set(requested.dataPoints ?? (documents.length ? [] : ['company' as const]))];
  // `authoritative: true` (see CompanyRequest): only blocks the catalogue marks authoritative in this mode are fetched.
  const notAuthoritative = requested.authoritative
    ? dataPoints.filter((dp) => isAvailable(register.catalogue, dp, mode) && !blockFor(register.catalogue, dp)?.authoritative[mode])
    : [];
  const unsupported = dataPoints.filter((dp) => !isAvailable(register.catalogue, dp, mode) || notAuthoritative.includes(dp));
  const byFetch = new Map<string, DataPoint[]>();
  for (const dp of dataPoints) {
    if (unsupported.includes(dp)) continue;
    const key = fetchOf(dp);
    byFetch.set(key, [...(byFetch.get(key) ?? []), dp]);
  }
  const tasks: Task[] = [
    ...[...byFetch].map(([fetch, items]) => ({ kind: 'dataPoint' as const, fetch: fetch as FetchableDataPoint | 'graph', items })),
    ...documents.map((documentId) => ({ kind: 'document' as const, documentId })),
  ];
  return { dataPoints, documents, unsupported, notAuthoritative, tasks };
}

/** Rebuilds the task of an open item (for resuming work after a restart). */
export function taskOfItem(kind: 'dataPoint' | 'document', name: string, siblings: DataPoint[]): Task {
  if (kind === 'document') return { kind: 'document', documentId: name };
  const fetch = fetchOf(name as DataPoint);
  return { kind: 'dataPoint', fetch, items: siblings.filter((dp) => fetchOf(dp) === fetch) };
}

/**
 * The fetches among `dataPoints` that retrieve the document too (Register.handsOnDocument): the document's task runs
 * after them, so that it is delivered from their download rather than fetched a second time.
 */
export function fetchesHandingOn(register: Register, documentId: string, dataPoints: readonly DataPoint[]): FetchableDataPoint[] {
  const fetches = new Set<FetchableDataPoint>();
  for (const dp of dataPoints) {
    const fetch = fetchOf(dp);
    if (fetch !== 'graph' && register.handsOnDocument?.(fetch, documentId)) fetches.add(fetch);
  }
  return [...fetches];
}
