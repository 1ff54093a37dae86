import type { BillingEvent, BillingEventList, DataPoint, Mode } from '../contract/index.ts';
import type { Catalogue } from '../registers/catalogue.ts';
import { blockFor, blocksIncluding, documentFor } from '../registers/catalogue.ts';
import type { Queryable } from '../store/db.ts';
import { reservationsPart, type BillingEventRow, type BillingRepository } from './repository/events.ts';
import type { BillingSubject } from './types.ts';
import type { StatementPartBuilder } from '../store/statement.ts';
import { ApiError } from '../shared/errors.ts';
import type { Budgets } from './budget.ts';
import type { Ledger } from './ledger.ts';
import { quoteRequest, type Quote } from './quote.ts';

/** The window of a unit without a catalogue entry of its own (the agentic enrichment's): spec §8. */
const DAY_MS = 24 * 3_600_000;
import { holdReference } from './settlement.ts';
import { knownEventOf } from './dedup.ts';
import { documentUnitKey } from './units.ts';
import { decodeCursor, encodeCursor } from '../shared/cursor.ts';

/** A request's hold as parts of the statement that records it (BillingService.holdOf). */
export interface StatementHold {
  parts: StatementPartBuilder[];
  /** SQL over the parts' expressions: true when the balance took the hold. */
  held: string;
  /** The 402 to answer when it did not. */
  refusal(): Promise<ApiError>;
}

export interface QuoteRequest {
  subject: BillingSubject;
  catalogue: Catalogue;
  mode: Mode;
  dataPoints: readonly DataPoint[];
  documents: readonly { documentId: string; type: string }[];
  budgets: Budgets;
  enrichment?: { sku: string; price: number };
  requestTime: Date;
}

/**
 * Prices requests, holds their cost while they run, and shows the account its ledger. Charging itself happens
 * in BillingSettlement as work succeeds.
 */
export class BillingService {
  constructor(
    private readonly repo: BillingRepository,
    private readonly ledger: Ledger,
  ) {}

  /**
   * Quotes a request inside the transaction that accepts it, from the events of its units within their windows. It
   * takes no lock: a quote only decides what to hold, and the charge itself is decided at settlement under the unit's
   * lock. The balance is checked when the quote is held (`hold`).
   */
  async quote(tx: Queryable, input: QuoteRequest): Promise<Quote> {
    const { subject, catalogue } = input;
    const units = new Map<string, number>();
    const add = (unitKey: string, windowMs: number) => units.set(unitKey, Math.max(windowMs, units.get(unitKey) ?? 0));
    for (const dp of input.dataPoints) {
      const block = blockFor(catalogue, dp);
      if (block) add(block.sku, block.dedupWindow);
    }
    for (const doc of input.documents) {
      add(documentUnitKey(doc.documentId), documentFor(catalogue, doc.type)?.dedupWindow ?? DAY_MS);
      for (const block of blocksIncluding(catalogue, doc.type)) add(block.sku, block.dedupWindow);
    }
    if (input.enrichment) add(input.enrichment.sku, DAY_MS);
    const at = input.requestTime.getTime();
    const windows = [...units].map(([unitKey, windowMs]) => ({ unitKey, windowMs }));
    const prior = (await this.repo.eventsOf(tx, subject, windows, at)).map(knownEventOf);
    return quoteRequest({ ...input, requestTimeMs: at, prior });
  }

  /**
   * The hold of an accepted request's quoted units against the balance, as parts of the statement that records the
   * request (RequestRepository.insert): the hold and its balance check are one update of the account's row, which
   * orders the holds of one account (two requests cannot both spend the same credits), and the reservations are
   * written only when it took the hold. `held` is the SQL condition that tells whether it did; when it did not, the
   * statement writes nothing and `refusal` is the 402 to answer.
   */
  holdOf(request: { id: string; accountId: string; createdAt: Date }, quote: Quote): StatementHold {
    const ledger =
      quote.total > 0
        ? (offset: number) =>
            this.ledger.entriesStatement(
              request.accountId,
              [{ amount: -quote.total, kind: 'reservation', reference: holdReference(request.id) }],
              0,
              offset,
            )
        : undefined;
    const held = ledger ? 'exists (select 1 from balance)' : 'true';
    const reservations = reservationsPart(
      quote.units.map((unit) => ({
        requestId: request.id,
        unitKey: unit.unitKey,
        accountId: request.accountId,
        kind: unit.kind,
        sku: unit.sku,
        documentId: unit.documentId ?? null,
        price: unit.price,
        reserved: unit.reserved,
        state: 'reserved' as const,
        createdAt: request.createdAt,
      })),
      ledger ? held : undefined,
    );
    return {
      parts: [...(ledger ? [ledger] : []), reservations],
      held,
      refusal: async () => {
        const balance = await this.ledger.balance(request.accountId);
        return new ApiError('insufficient_funds', `this request costs ${quote.total} credit cents; the available balance is ${balance}`, [
          `cost: ${quote.units
            .filter((u) => u.reserved > 0)
            .map((u) => `${u.documentId ?? u.sku} ${u.reserved}`)
            .join(', ')}`,
          'top up the account, or lower the cost with maxBudget',
        ]);
      },
    };
  }

  /** The account's balance, net of holds on work in flight. */
  balance(accountId: string): Promise<number> {
    return this.ledger.balance(accountId);
  }

  /** The account's billing events, newest first, a page at a time. */
  async events(accountId: string, query: { requestId?: string; first: number; after?: string }): Promise<BillingEventList> {
    const rows = await this.repo.pageOfEvents(accountId, {
      requestId: query.requestId,
      limit: query.first + 1,
      before: query.after === undefined ? undefined : decodeCursor(query.after),
    });
    const page = rows.slice(0, query.first);
    const hasNextPage = rows.length > query.first;
    const last = page[page.length - 1];
    return {
      events: page.map(publicEvent),
      hasNextPage,
      ...(hasNextPage && last ? { nextCursor: encodeCursor(last.createdAt, last.id) } : {}),
    };
  }
}

function publicEvent(e: BillingEventRow): BillingEvent {
  return {
    id: e.id,
    requestId: e.requestId,
    companyId: e.companyId,
    countryCode: e.countryCode,
    kind: e.kind,
    sku: e.sku,
    ...(e.documentId ? { documentId: e.documentId } : {}),
    amount: e.amount,
    status: e.status,
    ...(e.linkedEventId ? { linkedEventId: e.linkedEventId } : {}),
    createdAt: e.createdAt.toISOString(),
  };
}
