import type { DataPoint } from '../contract/index.ts';

/**
 * A billable unit is what is charged once: a data block of the catalogue (however many of its data points a
 * request asks for) or one document. Its key is what deduplication compares: the block's sku, or the document id.
 */
export type UnitKind = 'dataBlock' | 'document';

export function documentUnitKey(documentId: string): string {
  return `document:${documentId}`;
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
