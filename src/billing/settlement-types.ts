import type { Mode } from '../contract/index.ts';
import type { Catalogue } from '../registers/catalogue.ts';
import type { StatementPartBuilder } from '../store/statement.ts';
import type { KnownEvent } from './dedup.ts';

// What a settlement (BillingSettlement, settlement.ts) is given and answers: the request and units it settles, the
// item writes that travel with a charge, and the outcomes its callers show.

/**
 * What the statement recording a unit's charge also writes, given what the unit costs: its item's outcome, so that
 * the item is settled in the same round trip as its charge. `written` tells the caller it need not write it again.
 */
export interface UnitItemWrite {
  part(outcome: { cost: number }): StatementPartBuilder;
  written?: true;
  /**
   * Nothing follows the statement that writes the item in its transaction: it commits the transaction too, COMMIT sent
   * with it (Queryable.commitWith).
   */
  last?: true;
  /** Given the statement's row once it has run (and, when `last`, committed): what the part added to it (its select). */
  read?(row: Record<string, unknown>): void;
}

/**
 * A block whose settlement the request's accept foresaw from its quote: `charge`, when the quote found no event of it
 * for the company within its window (its reservation holds `reserved`, its price is `price`), or `deduplicated` against
 * `chargeId`, a charge the quote found within the window (charges are final: that stays true).
 */
export type ForeseenUnit = { unitKey: string; sku: string; price: number; reserved: number } & (
  | { expect: 'charge' }
  | { expect: 'deduplicated'; chargeId: string }
);

/** The request a unit belongs to, as billing needs it. */
export interface BilledRequest {
  id: string;
  accountId: string;
  countryCode: string;
  companyId: string;
  createdAt: Date;
  /** Dedup of blocks across modes depends on it (coversMode). */
  mode: Mode;
  catalogue: Pick<Catalogue, 'blocks' | 'documents'>;
  maxBudget?: number;
  /** False when the request asked for no document: no document can wait for a block, and none is looked for. */
  hasDocuments?: boolean;
}

/**
 * A unit's charges within its window, read by the statement that reads the request's items after the statement
 * locking the request took the unit's lock (`BillingSettlement.chargesWithItems`): as current as the charge decision's
 * own read, which they replace.
 */
export interface UnitCharges {
  unitKey: string;
  windowMs: number;
  events: KnownEvent[];
}

/** What the statements settling a unit of one block add to read its charges beside the items (see UnitCharges). */
export interface UnitChargesRead {
  /** The unit's advisory lock, taken with the request's (undefined where locks are no-ops). */
  lockKey: string | undefined;
  with: StatementPartBuilder;
  select: string;
  read(row: { unitCharges?: unknown }): UnitCharges;
}

/** Why delivered work could not be charged, and so is not delivered (the item fails). */
export interface ChargeRefusal {
  code: 'budget_exceeded' | 'insufficient_funds';
  message: string;
  retryable: false;
  cost: number;
}

/** What a unit's item(s) show once settled: the amount charged, a refusal, or (documents) a wait for a block. */
export type UnitOutcome = { cost: number } | { refusal: ChargeRefusal } | 'awaiting';

/** A document that waited for a block of its request and is now settled. */
export interface DocumentResolution {
  documentId: string;
  outcome: { cost: number } | { refusal: ChargeRefusal };
}
