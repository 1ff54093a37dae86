import type { DataPoint } from '../contract/index.ts';
import type { Catalogue } from '../registers/catalogue.ts';
import { blockFor } from '../registers/catalogue.ts';

/**
 * A billable unit is what is charged once: a data block of the catalogue (however many of its data points a
 * request asks for) or one document. Its key is what deduplication compares: the block's sku, or the document id.
 */
export type UnitKind = 'dataBlock' | 'document';

export function documentUnitKey(documentId: string): string {
  return `document:${documentId}`;
}

/** The unit a request item is billed under, or undefined for a data point outside the catalogue. */
export function unitKeyOf(catalogue: Catalogue, kind: 'dataPoint' | 'document', name: string): string | undefined {
  if (kind === 'document') return documentUnitKey(name);
  return blockFor(catalogue, name as DataPoint)?.sku;
}

/**
 * Spec §4.2: when not everything fits `maxBudget`, blocks covering these data points are taken first, in this
 * order; the other blocks follow in catalogue order, then documents in the order they were asked for.
 */
export const BUDGET_PRIORITY: readonly DataPoint[] = [
  'company',
  'legalRepresentatives',
  'ultimateBeneficialOwners',
  'shareholders',
  'subsidiaries',
];

/** Data points that make a block "the company profile", capped by `profileMaxBudget`. */
export const PROFILE_DATA_POINTS: readonly DataPoint[] = ['company', 'companyProfile'];

function priorityOf(dataPoint: DataPoint): number {
  const i = BUDGET_PRIORITY.indexOf(dataPoint === 'companyProfile' ? 'company' : dataPoint);
  return i === -1 ? BUDGET_PRIORITY.length : i;
}

/** Blocks in budget order: by their most important requested data point, then catalogue order. */
export function inBudgetOrder<B extends { dataPoints: readonly DataPoint[]; catalogueIndex: number }>(blocks: B[]): B[] {
  const rank = (b: B) => Math.min(...b.dataPoints.map(priorityOf));
  return [...blocks].sort((a, b) => rank(a) - rank(b) || a.catalogueIndex - b.catalogueIndex);
}
