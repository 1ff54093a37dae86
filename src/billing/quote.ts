import type { DataPoint, Mode } from '../contract/index.ts';
import type { Catalogue } from '../registers/catalogue.ts';
import { blocksIncluding, documentFor } from '../registers/catalogue.ts';
import { BudgetPlanner, type BudgetCap, type Budgets } from './budget.ts';
import { chargedWithin, includingCharge, type KnownEvent } from './dedup.ts';
import { documentUnitKey, inBudgetOrder, PROFILE_DATA_POINTS, type UnitKind } from './units.ts';

const DAY_MS = 24 * 3_600_000;

export interface QuoteInput {
  catalogue: Catalogue;
  mode: Mode;
  /** Requested data points that the register serves in this mode. */
  dataPoints: readonly DataPoint[];
  /** Requested documents with their catalogue type (priced by the catalogue). */
  documents: readonly { documentId: string; type: string }[];
  budgets: Budgets;
  /** The agentic enrichment step, when requested and offered: priced last, after every block and document. */
  enrichment?: { sku: string; price: number };
  /** Creation time of the request (service clock). */
  requestTimeMs: number;
  /** The account's earlier events for this company and these units. */
  prior: readonly KnownEvent[];
}

/** What a unit is expected to cost when it succeeds: its price, or nothing. */
export type Expectation = 'charge' | 'deduplicated' | 'included';

export interface QuotedUnit {
  kind: UnitKind;
  unitKey: string;
  sku: string;
  documentId?: string;
  /** The requested data points the block covers (empty for documents). */
  dataPoints: DataPoint[];
  /** Catalogue price in the request's mode. */
  price: number;
  /** Held against the balance while in flight: the expected charge. */
  reserved: number;
  expect: Expectation;
  /** When `deduplicated`: the charge that makes the unit free (an event of the account's history, final as charges are). */
  coveredBy?: string;
}

export interface RefusedUnit {
  kind: UnitKind;
  unitKey: string;
  sku: string;
  documentId?: string;
  dataPoints: DataPoint[];
  /** What the unit would have cost (reported as `error.cost` with `budget_exceeded`). */
  cost: number;
  /** The cap it did not fit. */
  cap: BudgetCap;
}

export interface Quote {
  /** Units to hold and run; free units (price 0) are left out: there is nothing to bill. */
  units: QuotedUnit[];
  /** Units that did not fit the budgets: they fail with `budget_exceeded` and are not run. */
  refused: RefusedUnit[];
  /** The sum of `reserved`: what the balance must cover. */
  total: number;
}

/**
 * Prices a request from the catalogue before any work starts (spec §1.6, §4.2): blocks for the requested data
 * points in the request's mode, documents by type; a unit already charged within its window, or a document
 * included with a block, is expected to cost nothing and always fits the budget.
 *
 * A prediction of "costs nothing" from an earlier charge is certain (charges are final). A document expected
 * to be included with a block of this same request is held at 0 too; should that block fail, the document is
 * charged at capture only if the budget and the balance still allow (see BillingService).
 */
export function quoteRequest(input: QuoteInput): Quote {
  const { catalogue, mode, requestTimeMs: at, prior } = input;
  const budget = new BudgetPlanner(input.budgets);
  const units: QuotedUnit[] = [];
  const refused: RefusedUnit[] = [];

  const blocks = catalogue.blocks
    .map((block, catalogueIndex) => ({ block, catalogueIndex, dataPoints: input.dataPoints.filter((dp) => block.datapoints.includes(dp)) }))
    .filter((b) => b.dataPoints.length > 0);
  const admittedSkus = new Set<string>();
  for (const { block, dataPoints } of inBudgetOrder(blocks)) {
    const price = block.modes[mode];
    if (price === null || price === 0) continue; // unavailable (planned as unsupported) or free
    const unit = { kind: 'dataBlock' as const, unitKey: block.sku, sku: block.sku, dataPoints, price };
    const covering = chargedWithin(prior, block.sku, at, block.dedupWindow, { mode, block });
    const expect: Expectation = covering ? 'deduplicated' : 'charge';
    const cost = expect === 'charge' ? price : 0;
    const cap = budget.take(cost, { profile: dataPoints.some((dp) => PROFILE_DATA_POINTS.includes(dp)) });
    if (cap) {
      refused.push({ ...unit, cost, cap });
      continue;
    }
    admittedSkus.add(block.sku);
    units.push({ ...unit, reserved: cost, expect, ...(covering ? { coveredBy: covering.id } : {}) });
  }

  for (const { documentId, type } of input.documents) {
    const doc = documentFor(catalogue, type);
    if (!doc || doc.price === 0) continue;
    const unitKey = documentUnitKey(documentId);
    const unit = { kind: 'document' as const, unitKey, sku: type, documentId, dataPoints: [], price: doc.price };
    const expect: Expectation = chargedWithin(prior, unitKey, at, doc.dedupWindow)
      ? 'deduplicated'
      : includingCharge(prior, catalogue, type, at) || blocksIncluding(catalogue, type).some((b) => admittedSkus.has(b.sku))
        ? 'included'
        : 'charge';
    const cost = expect === 'charge' ? doc.price : 0;
    const cap = budget.take(cost);
    if (cap) {
      refused.push({ ...unit, cost, cap });
      continue;
    }
    units.push({ ...unit, reserved: cost, expect });
  }

  // Held at its price while the request runs; whether it is charged is decided when it has run (only if it added something).
  if (input.enrichment && input.enrichment.price > 0) {
    const { sku, price } = input.enrichment;
    const unit = { kind: 'dataBlock' as const, unitKey: sku, sku, dataPoints: [], price };
    const expect: Expectation = chargedWithin(prior, sku, at, DAY_MS) ? 'deduplicated' : 'charge';
    const cost = expect === 'charge' ? price : 0;
    const cap = budget.take(cost);
    if (cap) refused.push({ ...unit, cost, cap });
    else units.push({ ...unit, reserved: cost, expect });
  }
  return { units, refused, total: units.reduce((sum, u) => sum + u.reserved, 0) };
}
