import type { BillingSettlement } from '../billing/settlement.ts';
import type { BilledRequest, DocumentResolution, UnitCharges, UnitItemWrite, UnitOutcome } from '../billing/settlement-types.ts';
import type { ReservationRow } from '../billing/repository/rows.ts';
import type { Catalogue } from '../registers/catalogue.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import type { Db, Queryable } from '../store/db.ts';
import { answerOfRow, type RequestRepository, type StoredRequest } from '../requests/repository.ts';
import { itemUpdatePart, openItemsUnitPart, type ItemPatch, type RequestNotes } from '../requests/statement-parts.ts';
import type { ItemKind, ItemRow, RequestRow } from '../requests/types.ts';
import type { Clock } from '../shared/clock.ts';
import type { ItemErrorCode } from '../shared/errors.ts';
import type { RequestEvents } from './events.ts';
import type { SettledAnswers } from './settled-answers.ts';

export interface ItemFailure {
  code: ItemErrorCode;
  message: string;
  retryable: boolean;
  source?: string;
  cost?: number;
}

/** What a succeeded data point or document delivers. */
export interface Delivery {
  result: unknown;
  source?: unknown;
  authoritative?: boolean | null;
  /**
   * Credit cents the work charged itself as it went, each charge a billing event of its own (the graph's
   * expansions): part of the item's cost.
   */
  chargedAlready?: number;
  /**
   * Delivered without what the block's price pays for (Fetched.uncharged): nothing is charged for it. Its block is
   * charged only when another of its data points is delivered in full (`ItemSettler.releaseUncharged`).
   */
  uncharged?: true;
  /** The company's legal name the delivery read: recorded on the request with the outcome. */
  legalName?: string;
}

/**
 * The answer a settlement owes the waiting caller of a request whose every open item it settles (SettledAnswers):
 * offered once, by whichever comes first.
 */
interface AnswerOffer {
  /** The caller's lease, which the write of the last open item ends (RequestNotes). */
  leaseOwner?: string;
  /** The answer the statement committing the last item read with it (`itemUpdatePart`'s `answer`): none when it wrote none. */
  fromWrite(answer: StoredRequest | undefined): void;
  /** The answer read once the transaction has committed (RequestRepository.settledAfterCommit). */
  readAfterCommit(): void;
}

/**
 * Settles a delivered data point in the one statement its accept foresaw (ForeseenSettler): true when it did, false,
 * with nothing written, when the usual settlement is to follow.
 */
export interface ForeseenSettlement {
  succeed(request: RequestRow, kind: ItemKind, names: readonly string[], delivered: Delivery): Promise<boolean>;
  /** Settles now what of the request waits for its other foreseen data points (one of them fails). */
  settleWaiting(requestId: string): Promise<void>;
}

/** For a register no longer served: nothing includes anything, default windows apply. */
const NO_CATALOGUE: Pick<Catalogue, 'blocks' | 'documents'> = { blocks: [], documents: [] };

/** A request as billing settles it: its catalogue (as served now) and its total budget. */
export function billedRequestOf(request: RequestRow, registers: RegisterRegistry): BilledRequest {
  return {
    id: request.id,
    accountId: request.accountId,
    countryCode: request.countryCode,
    companyId: request.companyId,
    createdAt: request.createdAt,
    mode: request.mode,
    catalogue: registers.get(request.countryCode)?.catalogue ?? NO_CATALOGUE,
    hasDocuments: request.documents.length > 0,
    ...(typeof request.options.maxBudget === 'number' ? { maxBudget: request.options.maxBudget } : {}),
  };
}

export const isOpen = (i: ItemRow) => i.status === 'in_progress' || i.status === 'enriching';

/**
 * Records outcomes of request items together with their billing, in one transaction per outcome: an item
 * becomes `succeeded` exactly when its unit is captured (charged, deduplicated or included), `failed` when it
 * fails, and a unit whose items all failed has its hold released. The request's row lock orders outcomes of
 * one request; a late answer for an item already settled (an onboarding timeout) changes nothing and is not
 * charged.
 */
export class ItemSettler {
  constructor(
    private readonly db: Db,
    private readonly requests: RequestRepository,
    private readonly registers: RegisterRegistry,
    private readonly billing: BillingSettlement,
    private readonly clock: Clock,
    private readonly events: RequestEvents,
    /** Runs after an outcome is recorded (the agentic enrichment waits for the last one). */
    private readonly afterSettle: (request: RequestRow) => Promise<void> = async () => undefined,
    /** Where the answer read after a request's last settlement goes, for its waiting caller. */
    private readonly answers?: SettledAnswers,
    /** Settles a delivery as its accept foresaw, where that applies (ForeseenSettler). */
    private readonly foreseen?: ForeseenSettlement,
  ) {}

  /**
   * Items delivered by one register call. Items of one block share its charge, shown on one of them whatever
   * settles first: the block's canonical data point, the first in the catalogue's order of the block's data points
   * that the request asked for and that has not failed (`company` before `companyProfile`, `legalRepresentatives`
   * before `otherKeyPersons`); the others show 0.
   */
  async succeed(request: RequestRow, kind: ItemKind, names: readonly string[], delivered: Delivery): Promise<void> {
    if (await this.foreseen?.succeed(request, kind, names, delivered)) return;
    const { legalName, ...delivery } = delivered;
    // A charge follows: the unit's reservation is locked by the statement that reads the items (one round trip fewer).
    const unitOf = delivery.uncharged ? undefined : { kind, names };
    await this.settle(request, unitOf, async (tx, items, billed, locked, charges, offer) => {
      // Recorded on the request by the statement that changes an item (one update of its row).
      const notes: RequestNotes = { legalName, leaseOwner: offer?.leaseOwner };
      const open = names.filter((n) => items.some((i) => i.kind === kind && i.name === n && isOpen(i)));
      let changed = false;
      const groups = groupByUnit(items, kind, open, billed.catalogue);
      // The only unit, and no document can wait for its price: nothing follows the statement that records its charge.
      const last = groups.size === 1 && !billed.hasDocuments && !delivery.uncharged;
      // One item of a billed unit, written and committed by the statement that records the charge: that statement
      // reads the answer too. Otherwise the answer is read after the commit.
      const [[onlyUnit, onlyGroup] = [null, []]] = groups;
      const answeredByWrite = offer !== undefined && last && onlyUnit !== null && onlyGroup.length === 1;
      if (!answeredByWrite) offer?.readAfterCommit();
      for (const [unit, group] of groups) {
        const canonical = unit ? canonicalItem(items, kind, unit, billed.catalogue) : group[0];
        // A unit of one item (one data point of its block): the item is written by the statement that records the
        // unit's charge, one round trip fewer; when it is the `last`, that statement commits the transaction too.
        const only = group.length === 1 ? group[0]! : undefined;
        const item: UnitItemWrite | undefined =
          only === undefined
            ? undefined
            : {
                part: ({ cost }) =>
                  itemUpdatePart(request.id, kind, only, succeededPatch(delivery, cost, only === canonical), this.clock.now(), notes, {
                    answer: answeredByWrite,
                  }),
                ...(last ? { last: true as const } : {}),
                ...(answeredByWrite ? { read: (row: Record<string, unknown>) => offer.fromWrite(answerOfRow(row)) } : {}),
              };
        const { outcome, resolved } = !unit
          ? { outcome: { cost: 0 } as UnitOutcome, resolved: [] }
          : delivery.uncharged
            ? { outcome: { cost: 0 } as UnitOutcome, resolved: await this.releaseUncharged(tx, billed, unit, items, kind, group) }
            : await this.billing.capture(tx, billed, unit, item, locked, charges);
        if (item?.written) changed = true;
        else
          for (const name of group) {
            changed = (await this.apply(tx, request, kind, name, outcome, delivery, name === canonical, notes)) || changed;
          }
        changed = (await this.applyResolved(tx, request, resolved)) || changed;
        if (unit && delivery.uncharged) {
          // It never shows the block's charge: one another item captured while this was the one to show it moves on.
          for (const i of items) if (i.kind === kind && group.includes(i.name)) i.uncharged = true;
          changed = (await this.moveCharge(tx, request, kind, unit, items, billed, canonical)) || changed;
        }
      }
      // The write did not answer (its unit was settled otherwise): the read after the commit does, on its own.
      if (answeredByWrite) offer.readAfterCommit();
      return changed;
    });
  }

  /**
   * The hold of a unit whose items were delivered without what its price pays for (a New York LLC's legal
   * representatives, which the register does not publish, while it names the LLC's agents in the same block): released
   * when no other item of the unit is open; otherwise the item still to come decides the charge. One that captured it
   * already keeps it (`release` leaves a captured unit as it is).
   */
  private async releaseUncharged(
    tx: Queryable,
    billed: BilledRequest,
    unit: string,
    items: ItemRow[],
    kind: ItemKind,
    group: readonly string[],
  ): Promise<DocumentResolution[]> {
    const othersOpen = items.some((i) => i.kind === kind && i.billingUnit === unit && !group.includes(i.name) && isOpen(i));
    return othersOpen ? [] : this.billing.release(tx, billed, unit);
  }

  /** Items one register call failed to deliver; a unit with no item left open releases its hold. */
  async fail(request: RequestRow, kind: ItemKind, names: readonly string[], failure: ItemFailure): Promise<void> {
    // Delivered data points waiting to settle with this one are settled first: a deadline's failure of one of them
    // then finds it succeeded and changes nothing.
    await this.foreseen?.settleWaiting(request.id);
    await this.settle(request, undefined, async (tx, items, billed) => {
      let changed = false;
      const units = new Set<string>();
      const carriersBefore = new Map(
        [...new Set(items.map((i) => i.billingUnit))].flatMap((u) =>
          u ? [[u, canonicalItem(items, kind, u, billed.catalogue)] as const] : [],
        ),
      );
      for (const name of names) {
        const item = items.find((i) => i.kind === kind && i.name === name);
        const updated = await this.requests.updateItem(
          request.id,
          kind,
          name,
          { status: 'failed', error: { ...failure }, cost: 0 },
          this.clock.now(),
          tx,
        );
        if (updated && item) item.status = 'failed';
        if (updated && item?.billingUnit) units.add(item.billingUnit);
        changed = updated || changed;
      }
      for (const unit of units) {
        changed = (await this.moveCharge(tx, request, kind, unit, items, billed, carriersBefore.get(unit))) || changed;
        if (items.some((i) => i.billingUnit === unit && isOpen(i))) continue;
        changed = (await this.applyResolved(tx, request, await this.billing.release(tx, billed, unit))) || changed;
      }
      return changed;
    });
  }

  /**
   * The data point that was to show a block's charge failed, or was delivered uncharged, after a sibling of the block
   * succeeded and captured it (JE officers: legalRepresentatives failing after otherKeyPersons was delivered): the
   * charge moves to the block's next data point in catalogue order, which has succeeded, so that it shows on exactly
   * one data point's cost.
   */
  private async moveCharge(
    tx: Queryable,
    request: RequestRow,
    kind: ItemKind,
    unit: string,
    items: ItemRow[],
    billed: BilledRequest,
    carrierBefore: string | undefined,
  ): Promise<boolean> {
    const carrier = canonicalItem(items, kind, unit, billed.catalogue);
    if (!carrier || carrier === carrierBefore) return false;
    if (items.find((i) => i.kind === kind && i.name === carrier)?.status !== 'succeeded') return false;
    const charged = await this.billing.capturedCharge(tx, billed, unit);
    if (!charged) return false;
    return this.requests.addCost(tx, request.id, kind, carrier, charged, this.clock.now());
  }

  /** `unitOf`: the items about to be captured; when they form one unit, its reservation is locked with the items' read. */
  private async settle(
    request: RequestRow,
    unitOf: { kind: ItemKind; names: readonly string[] } | undefined,
    work: (
      tx: Queryable,
      items: ItemRow[],
      billed: BilledRequest,
      locked?: ReservationRow,
      charges?: UnitCharges,
      /** The answer the settlement owes the request's waiting caller, when it settles every item left open. */
      offer?: AnswerOffer,
    ) => Promise<boolean>,
  ): Promise<void> {
    const billed = billedRequestOf(request, this.registers);
    // Whether anyone listens to the account's changes, read with the items when they are read with other parts.
    let listened: boolean | undefined;
    const changed = await this.db.transaction(async (tx) => {
      // One block's data points: its charges are read with the items, under its lock taken with the request's.
      const charges = unitOf && this.billing.chargesWithItems(billed, unitOf.kind, unitOf.names);
      await this.requests.lock(tx, request.id, charges?.lockKey);
      if (!unitOf) return work(tx, await this.requests.itemsOf(tx, request.id), billed);
      const reservation = this.billing.lockedReservationPart(billed);
      const listeners = this.events.listenersPart?.(request.accountId);
      const parts = [reservation, ...(charges ? [charges] : []), ...(listeners ? [listeners] : [])];
      const { items, also } = await this.requests.itemsWith<{ lockedReservation: unknown; unitCharges?: unknown }>(tx, request.id, {
        with: [openItemsUnitPart(unitOf.kind, unitOf.names), ...parts.map((p) => p.with)],
        select: parts.map((p) => p.select).join(', '),
      });
      listened = listeners?.read(also);
      const offer = this.offerAnswer(tx, request, items, unitOf);
      return work(tx, items, billed, reservation.read(also), charges?.read(also), offer);
    });
    if (changed) {
      this.events.requestUpdated(request.accountId, request.id, listened);
      await this.afterSettle(request);
    }
  }

  /**
   * The settlement of `unitOf` settles every item still open and its caller waits for the answer: the statement that
   * commits the last item reads it (AnswerOffer.fromWrite), or a read after the commit does, in the commit's round trip
   * when the commit goes with a statement. Not when the agentic enrichment follows the last item (it changes the request
   * after this commit). Whatever the answer shows open (a delivery whose price still waits) makes the caller read again.
   * The lease the settlement's item writes end with the last open item (RequestNotes); the read after the commit ends
   * it otherwise.
   */
  private offerAnswer(
    tx: Queryable,
    request: RequestRow,
    items: ItemRow[],
    unitOf: { kind: ItemKind; names: readonly string[] },
  ): AnswerOffer | undefined {
    const answers = this.answers;
    const waiting = answers?.waiting(request.id);
    if (!answers || !waiting || request.options.agenticEnrichment === true || !tx.afterCommit) return undefined;
    const open = items.filter(isOpen);
    if (open.length === 0 || !open.every((i) => i.kind === unitOf.kind && unitOf.names.includes(i.name))) return undefined;
    let offered = false;
    const offer = (answer: Promise<StoredRequest | undefined> | undefined) => {
      if (offered || !answer) return;
      offered = true;
      answers.offer(request.id, answer);
    };
    return {
      leaseOwner: waiting.leaseOwner ?? undefined,
      fromWrite: (answer) => offer(answer && Promise.resolve(answer)),
      readAfterCommit: () => offer(offered ? undefined : this.requests.settledAfterCommit(tx, request.id, waiting.leaseOwner)),
    };
  }

  private async apply(
    tx: Queryable,
    request: RequestRow,
    kind: ItemKind,
    name: string,
    outcome: UnitOutcome,
    delivery: Delivery,
    carriesCost: boolean,
    notes: RequestNotes,
  ): Promise<boolean> {
    const now = this.clock.now();
    if (outcome === 'awaiting') {
      // Delivered, but its price depends on a block still in flight: stays in progress with the result kept.
      return this.requests.updateItem(
        request.id,
        kind,
        name,
        { status: 'in_progress', result: delivery.result, source: delivery.source },
        now,
        tx,
        notes,
      );
    }
    if ('refusal' in outcome) {
      return this.requests.updateItem(request.id, kind, name, { status: 'failed', error: { ...outcome.refusal }, cost: 0 }, now, tx, notes);
    }
    return this.requests.updateItem(request.id, kind, name, succeededPatch(delivery, outcome.cost, carriesCost), now, tx, notes);
  }

  private async applyResolved(tx: Queryable, request: RequestRow, resolved: DocumentResolution[]): Promise<boolean> {
    let changed = false;
    for (const { documentId, outcome } of resolved) {
      const patch =
        'refusal' in outcome
          ? { status: 'failed' as const, error: { ...outcome.refusal }, cost: 0 }
          : { status: 'succeeded' as const, cost: outcome.cost };
      changed = (await this.requests.updateItem(request.id, 'document', documentId, patch, this.clock.now(), tx)) || changed;
    }
    return changed;
  }
}

/** A delivered item's outcome: what it delivers, and the unit's charge when it is the item that shows it. */
export function succeededPatch(delivery: Omit<Delivery, 'legalName'>, cost: number, carriesCost: boolean): ItemPatch {
  const { chargedAlready = 0, uncharged, ...delivered } = delivery;
  return { status: 'succeeded', ...delivered, cost: (carriesCost ? cost : 0) + chargedAlready, uncharged: uncharged === true };
}

/**
 * The item that shows a unit's charge: the first in the catalogue's order of the block's data points not failed, nor
 * delivered uncharged.
 */
function canonicalItem(items: ItemRow[], kind: ItemKind, unit: string, catalogue: Pick<Catalogue, 'blocks'>): string | undefined {
  const order = (catalogue.blocks.find((b) => b.sku === unit)?.datapoints ?? []) as readonly string[];
  const rank = (name: string) => (order.includes(name) ? order.indexOf(name) : order.length);
  return items
    .filter((i) => i.kind === kind && i.billingUnit === unit && i.status !== 'failed' && i.uncharged !== true)
    .map((i) => i.name)
    .sort((a, b) => rank(a) - rank(b))[0];
}

/** The open items grouped by billing unit, each group in the catalogue's order of its block's data points. */
function groupByUnit(
  items: ItemRow[],
  kind: ItemKind,
  names: string[],
  catalogue: Pick<Catalogue, 'blocks'>,
): Map<string | null, string[]> {
  const groups = new Map<string | null, string[]>();
  for (const name of names) {
    const unit = items.find((i) => i.kind === kind && i.name === name)?.billingUnit ?? null;
    groups.set(unit, [...(groups.get(unit) ?? []), name]);
  }
  for (const [unit, group] of groups) {
    const order = catalogue.blocks.find((b) => b.sku === unit)?.datapoints as readonly string[] | undefined;
    if (order) group.sort((a, b) => order.indexOf(a) - order.indexOf(b));
  }
  return groups;
}
