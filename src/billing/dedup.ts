import type { Mode } from '../contract/index.ts';
import type { Catalogue, CatalogueBlock } from '../registers/catalogue.ts';
import { blocksIncluding } from '../registers/catalogue.ts';
import type { BillingEventRow } from './repository/rows.ts';

/** A billing event as dedup and inclusion see it. */
export interface KnownEvent {
  id: string;
  unitKey: string;
  status: 'charged' | 'deduplicated' | 'included';
  linkedEventId: string | null;
  /** Creation time of the event's request, on the service clock. */
  basisMs: number;
  /** The mode of the event's request; unknown counts as verification. */
  mode?: Mode;
}

/** A stored billing event as dedup sees it (the basis is its request's creation time, as `eventsOf` reads it). */
export function knownEventOf(e: BillingEventRow): KnownEvent {
  return {
    id: e.id,
    unitKey: e.unitKey,
    status: e.status,
    linkedEventId: e.linkedEventId,
    basisMs: e.basisAt.getTime(),
    ...(e.mode ? { mode: e.mode } : {}),
  };
}

/**
 * Windows are measured between the creation times of the two requests (service clock), not between the
 * moments their work finished: a quote made at acceptance and the capture made minutes later then agree.
 */
export function withinWindow(basisMs: number, atMs: number, windowMs: number): boolean {
  return Math.abs(atMs - basisMs) < windowMs;
}

/**
 * The charge that makes this unit free again (spec §1.6: same unit, company and account within the window). For a
 * data block, `mode` names the request's mode and the block: only a charge that covers that mode counts (coversMode).
 */
export function chargedWithin(
  events: readonly KnownEvent[],
  unitKey: string,
  atMs: number,
  windowMs: number,
  mode?: { mode: Mode; block: Pick<CatalogueBlock, 'authoritative'> },
): KnownEvent | undefined {
  return events.find(
    (e) =>
      e.unitKey === unitKey &&
      e.status === 'charged' &&
      withinWindow(e.basisMs, atMs, windowMs) &&
      (!mode || coversMode(e.mode ?? 'verification', mode.mode, mode.block)),
  );
}

/**
 * Whether a block charged in one mode covers a request for it in another (README, "Billing"). A verification charge
 * covers both modes (it bought the authoritative retrieval). An onboarding charge covers onboarding, and verification
 * only where the catalogue marks the block authoritative in onboarding as well (the same source serves both modes,
 * as CN's report and MT's registry): elsewhere onboarding reads a cheaper, non-authoritative source (a snapshot, a
 * public page), so the verification block is a purchase of its own, charged at its own price.
 */
function coversMode(chargedIn: Mode, requested: Mode, block: Pick<CatalogueBlock, 'authoritative'>): boolean {
  return chargedIn === 'verification' || requested === 'onboarding' || block.authoritative.onboarding === true;
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
