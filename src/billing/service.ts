import type { BillingEvent, BillingEventList, DataPoint, Mode } from '../contract/index.ts';
import type { Catalogue } from '../registers/catalogue.ts';
import { blockFor, blocksIncluding, documentFor } from '../registers/catalogue.ts';
import type { Queryable } from '../store/db.ts';
import type { BillingRepository } from './repository/events.ts';
import type { BillingEventRow, UnitWindow } from './repository/rows.ts';
import type { HoldRows } from './repository/group-holds.ts';
import { priorEventPart, reservationsPart } from './repository/statement-parts.ts';
import type { BillingSubject } from './types.ts';
import type { StatementPartBuilder } from '../store/statement.ts';
import { ApiError } from '../shared/errors.ts';
import type { Budgets } from './budget.ts';
import type { Ledger } from './ledger.ts';
import { quoteRequest, type Quote } from './quote.ts';
import { holdReference } from './settlement.ts';
import { knownEventOf } from './dedup.ts';
import { KnownCharges } from './known-charges.ts';
import { documentUnitKey } from './units.ts';
import { decodeCursor, encodeCursor } from '../shared/cursor.ts';

/** The window of a unit without a catalogue entry of its own (the agentic enrichment's): spec §8. */
const DAY_MS = 24 * 3_600_000;

/** A request's hold as parts of the statement that records it (BillingService.holdOf). */
export interface StatementHold {
  parts: StatementPartBuilder[];
  /** What the parts write, as rows: for a statement that holds several requests' quotes at once (groupHoldsPart). */
  rows: HoldRows;
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

/** A condition on the accepting statement that a quote made without reading history needs (quoteWithoutReading). */
export interface HistoryGuard {
  part: StatementPartBuilder;
  /** The events the part looks for: the subject's, of these units within their windows around `atMs`. */
  lookup: { subject: BillingSubject; units: readonly UnitWindow[]; atMs: number };
  /** SQL over the part's expression: true when the account has no event that the quote would have read. */
  holds: string;
}

/** The units whose earlier events a request's quote reads, each with its window (the longest where two ask). */
function unitWindows(input: QuoteRequest): UnitWindow[] {
  const { catalogue } = input;
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
  return [...units].map(([unitKey, windowMs]) => ({ unitKey, windowMs }));
}

/**
 * Prices requests, holds their cost while they run, and shows the account its ledger. Charging itself happens
 * in BillingSettlement as work succeeds.
 */
export class BillingService {
  constructor(
    private readonly repo: BillingRepository,
    private readonly ledger: Ledger,
    /** Charges this process has seen committed: shared with BillingSettlement, which makes them. */
    readonly known = new KnownCharges(),
  ) {}

  /**
   * Quotes a request inside the transaction that accepts it, from the events of its units within their windows. It
   * takes no lock: a quote only decides what to hold, and the charge itself is decided at settlement under the unit's
   * lock. The balance is checked when the quote is held (`hold`).
   */
  async quote(tx: Queryable, input: QuoteRequest): Promise<Quote> {
    const at = input.requestTime.getTime();
    const prior = (await this.repo.eventsOf(tx, input.subject, unitWindows(input), at)).map(knownEventOf);
    this.known.remember(input.subject, prior);
    return quoteRequest({ ...input, requestTimeMs: at, prior });
  }

  /**
   * The quote of a request made without reading the history: from the charges this process knows of the company's
   * units (KnownCharges), which make the units they cover deduplicated for certain, and, for every other unit, as if
   * the account had no event of it within its window. `guard`, when some unit is quoted so, makes that exact: a part of
   * the statement that holds the quote (`holdOf`), which then writes nothing when the account has such an event after
   * all; the caller quotes from the history next (`quote`). Most requests name a company the account has not asked for
   * lately, or one it asked for here: they are accepted in one round trip to the store instead of two.
   */
  quoteWithoutReading(input: QuoteRequest): { quote: Quote; guard?: HistoryGuard } {
    const at = input.requestTime.getTime();
    const quote = quoteRequest({ ...input, requestTimeMs: at, prior: this.known.of(input.subject) });
    const covered = new Set(quote.units.filter((u) => u.coveredBy !== undefined).map((u) => u.unitKey));
    const unknown = unitWindows(input).filter((u) => !covered.has(u.unitKey));
    if (unknown.length === 0) return { quote };
    return {
      quote,
      guard: {
        part: priorEventPart(input.subject, unknown, at, 'prior_events'),
        lookup: { subject: input.subject, units: unknown, atMs: at },
        holds: 'not exists (select 1 from prior_events)',
      },
    };
  }

  /**
   * The hold of an accepted request's quoted units against the balance, as parts of the statement that records the
   * request (RequestRepository.insert): the hold and its balance check are one update of the account's row, which
   * orders the holds of one account (two requests cannot both spend the same credits), and the reservations are
   * written only when it took the hold. `held` is the SQL condition that tells whether it did; when it did not, the
   * statement writes nothing and `refusal` is the 402 to answer.
   */
  holdOf(request: { id: string; accountId: string; createdAt: Date }, quote: Quote, guard?: HistoryGuard): StatementHold {
    const entry =
      quote.total > 0
        ? this.ledger.newEntry({ amount: -quote.total, kind: 'reservation', reference: holdReference(request.id) })
        : undefined;
    const ledger = entry
      ? (offset: number) => this.ledger.entriesPart(request.accountId, [entry], entry.at, 0, offset, guard?.holds)
      : undefined;
    const held = ledger ? 'exists (select 1 from balance)' : (guard?.holds ?? 'true');
    const reservationRows = quote.units.map((unit) => ({
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
    }));
    const reservations = reservationsPart(reservationRows, ledger || guard ? held : undefined);
    return {
      parts: [...(guard ? [guard.part] : []), ...(ledger ? [ledger] : []), reservations],
      rows: {
        accountId: request.accountId,
        ...(entry ? { entry } : {}),
        reservations: reservationRows,
        ...(guard ? { guard: guard.lookup } : {}),
      },
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
