import type { Catalogue } from '../registers/catalogue.ts';
import { blocksIncluding } from '../registers/catalogue.ts';

/** A billing event as dedup and inclusion see it. */
export interface KnownEvent {
  id: string;
  unitKey: string;
  status: 'charged' | 'deduplicated' | 'included';
  linkedEventId: string | null;
  /** Creation time of the event's request, on the service clock. */
  basisMs: number;
}

/**
 * Windows are measured between the creation times of the two requests (service clock), not between the
 * moments their work finished: a quote made at acceptance and the capture made minutes later then agree.
 */
export function withinWindow(basisMs: number, atMs: number, windowMs: number): boolean {
  return Math.abs(atMs - basisMs) < windowMs;
}

/** The charge that makes this unit free again (spec §1.6: same unit, company and account within the window). */
export function chargedWithin(events: readonly KnownEvent[], unitKey: string, atMs: number, windowMs: number): KnownEvent | undefined {
  return events.find((e) => e.unitKey === unitKey && e.status === 'charged' && withinWindow(e.basisMs, atMs, windowMs));
}

/**
 * The charged block event that includes a document of this type (spec §1.6): a block of the catalogue that
 * includes the type, charged or deduplicated within that block's window. Returns the id of the charge itself,
 * which a deduplicated block event links to.
 */
export function includingCharge(
  events: readonly KnownEvent[],
  catalogue: Pick<Catalogue, 'blocks'>,
  documentType: string,
  atMs: number,
): string | undefined {
  for (const block of blocksIncluding(catalogue, documentType)) {
    const hit = events.find(
      (e) =>
        e.unitKey === block.sku &&
        (e.status === 'charged' || e.status === 'deduplicated') &&
        withinWindow(e.basisMs, atMs, block.dedupWindow),
    );
    if (hit) return hit.status === 'charged' ? hit.id : (hit.linkedEventId ?? undefined);
  }
  return undefined;
}
