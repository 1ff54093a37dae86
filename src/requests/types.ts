/** A request and its items as the request engine, the graph and the events read them (rows of `RequestRepository`). */

export type ItemKind = 'dataPoint' | 'document';
export type ItemStatusValue = 'in_progress' | 'enriching' | 'succeeded' | 'failed';

export interface RequestRow {
  id: string;
  accountId: string;
  countryCode: string;
  companyId: string;
  mode: 'onboarding' | 'verification';
  dataPoints: string[];
  documents: string[];
  options: Record<string, unknown>;
  metadata: Record<string, string>;
  companyLegalName: string | null;
  /** The agentic enrichment's outcome, once it ran (or was refused); null otherwise. */
  enrichment?: StoredEnrichment | null;
  createdAt: Date;
  updatedAt: Date;
}

/** What the agentic enrichment step recorded for a request (src/enrichment/agentic). */
export interface StoredEnrichment {
  report: string;
  /** Company fields it filled, with their provenance. */
  filled: { field: string; value: unknown; evidence: string }[];
  findings: number;
  cost: number;
  completedAt: string;
}

export interface ItemRow {
  requestId: string;
  kind: ItemKind;
  name: string;
  status: ItemStatusValue;
  authoritative: boolean | null;
  cost: number;
  error: Record<string, unknown> | null;
  result: unknown;
  source: unknown;
  attempts: number;
  /** The billable unit the item is settled under (block sku or `document:<id>`); null when nothing is billed. */
  billingUnit: string | null;
  /** Delivered without what its block's price pays for (Fetched.uncharged): it never shows the block's charge. */
  uncharged?: boolean;
  updatedAt: Date;
}
