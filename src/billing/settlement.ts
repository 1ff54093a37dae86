import type { DataPoint } from '../contract/index.ts';
import { blockFor, blocksIncluding, documentFor } from '../registers/catalogue.ts';
import type { Queryable } from '../store/db.ts';
import type { BillingRepository } from './repository/events.ts';
import type { BillingEventRow, BillingEventStatus, LedgerStatement, ReservationRow, UnitWindow } from './repository/rows.ts';
import { eventsPart, heldReservationPart, lockedReservationOf, priorEventPart } from './repository/statement-parts.ts';
import type { Clock } from '../shared/clock.ts';
import { newId } from '../shared/ids.ts';
import { chargedWithin, includingCharge, type KnownEvent, knownEventOf } from './dedup.ts';
import type { KnownCharges } from './known-charges.ts';
import type { Ledger } from './ledger.ts';
import { combineParts, type StatementPartBuilder } from '../store/statement.ts';
import type {
  BilledRequest,
  ChargeRefusal,
  DocumentResolution,
  ForeseenUnit,
  UnitCharges,
  UnitChargesRead,
  UnitItemWrite,
  UnitOutcome,
} from './settlement-types.ts';

/** Spec §8; used only for a unit whose catalogue entry has gone since the request was accepted. */
const DEFAULT_DEDUP_WINDOW_MS = 24 * 3_600_000;

/**
 * Turns reservations into charges when work succeeds and releases them when it fails. Every call runs inside
 * the caller's transaction, which holds the request's row lock (so the units of one request settle one at a
 * time); each decision about a unit also takes that unit's advisory lock for the account and company, so two
 * requests that finish together see each other: the first charges, the second is deduplicated.
 *
 * Charges are only ever made here, for delivered work, and are final; a deduplicated or included event
 * therefore always links to a charge that stands.
 */
export class BillingSettlement {
  constructor(
    private readonly repo: BillingRepository,
    private readonly ledger: Ledger,
    private readonly clock: Clock,
    /** Where the charges its statements commit are told (BillingService's, for the quotes of later requests). */
    private readonly knownCharges?: KnownCharges,
  ) {}

  /**
   * The unit succeeded: charge it, deduplicate it, include it, or (a document) wait for its including block. A unit
   * captured already (another data point of the block settled first) answers what it was charged.
   */
  async capture(
    tx: Queryable,
    req: BilledRequest,
    unitKey: string,
    item?: UnitItemWrite,
    /** The unit's reservation, locked with the unit's lock already (`BillingRepository.lockedReservationPart`). */
    locked?: ReservationRow,
    /** The unit's charges read under its lock already (`chargesWithItems`). */
    charges?: UnitCharges,
  ): Promise<{ outcome: UnitOutcome; resolved: DocumentResolution[] }> {
    // The unit's lock comes with its reservation's: a capture usually decides a charge next.
    const row = locked?.unitKey === unitKey ? locked : await this.repo.lockReservation(tx, req.id, unitKey, req);
    if (row?.state === 'captured') return { outcome: { cost: row.charged }, resolved: [] };
    if (!row || row.state === 'released') return { outcome: { cost: 0 }, resolved: [] };
    if (row.state === 'awaiting') return { outcome: 'awaiting', resolved: [] };
    if (row.kind === 'document') return { outcome: await this.settleDocument(tx, req, row, true), resolved: [] };
    const outcome = await this.settleBlock(tx, req, row, true, item, charges);
    return { outcome, resolved: await this.resolveAwaiting(tx, req) };
  }

  /** The advisory lock of a unit of the request's company (undefined where locks are no-ops): RequestRepository.lock takes it. */
  unitLockKey(req: BilledRequest, unitKey: string): string | undefined {
    return this.repo.unitLockKeyOf(req, unitKey);
  }

  /**
   * Settles a block as its accept foresaw (ForeseenUnit) by the statement that writes its item (`item`, given the
   * condition it is written under) and commits the transaction, without reading first. The statement writes only while
   * what the accept knew still holds: the unit's reservation is held, and, for a charge, the account has no event of
   * the unit for the company within its window (another request may have settled one since); and while `guard.holds`,
   * the caller's own condition (its item still open). Under the unit's lock, taken by the statement before it
   * (RequestRepository.lock), that is the charge `capture` would decide, at the price held; a deduplication against a
   * charge found needs no lock, as no later event changes it. Returns the statement's row when it wrote, and what to
   * call once its transaction has committed; undefined when it wrote nothing and the unit is to be settled the usual way.
   * `commits: false`: the statement is not the transaction's last (several units of one request settled together, sent
   * with the last: Queryable.queryWithNext), and commits nothing itself.
   */
  async settleForeseen(
    tx: Queryable,
    req: BilledRequest,
    unit: ForeseenUnit,
    item: (outcome: { cost: number }, onlyIf: string) => StatementPartBuilder,
    guard: { part: StatementPartBuilder; holds: string },
    { commits = true }: { commits?: boolean } = {},
  ): Promise<{ row: Record<string, unknown>; committed(): void } | undefined> {
    const charges = unit.expect === 'charge';
    const window = req.catalogue.blocks.find((b) => b.sku === unit.sku)?.dedupWindow ?? DEFAULT_DEDUP_WINDOW_MS;
    const holds = `exists (select 1 from foreseen_reservation)${charges ? ' and not exists (select 1 from foreseen_history)' : ''} and ${guard.holds}`;
    const checks = combineParts([
      heldReservationPart(req.id, unit.unitKey, 'foreseen_reservation'),
      ...(charges ? [priorEventPart(req, [{ unitKey: unit.unitKey, windowMs: window }], req.createdAt.getTime(), 'foreseen_history')] : []),
      guard.part,
    ]);
    const now = this.clock.now();
    const amount = charges ? unit.price : 0;
    const row = { kind: 'dataBlock' as const, sku: unit.sku, documentId: null, unitKey: unit.unitKey };
    const outcome = charges
      ? { amount, status: 'charged' as const, linkedEventId: null }
      : { amount, status: 'deduplicated' as const, linkedEventId: unit.chargeId };
    const event = billingEvent(req, req, row, outcome, now);
    const ledger = this.captureEntries(req, unit, amount, event.id, holds);
    const written = await this.repo.insertEvent(
      tx,
      event,
      { state: 'captured', charged: amount, settledAt: now },
      ledger,
      item({ cost: amount }, holds),
      { commits, guard: { part: checks, holds } },
    );
    if (written.written !== true) return undefined;
    return {
      row: written,
      // Once committed, a charge later requests of the unit within its window are deduplicated against (not before: a
      // transaction that fails after the statement leaves no charge to link to).
      committed: () => {
        if (charges) this.knownCharges?.remember(req, [{ ...knownEventOf(event), mode: req.mode }]);
      },
    };
  }

  /**
   * When the data points about to succeed are one block's: the read of that unit's charges for the statement that
   * reads the request's items, and its lock for the statement before it that locks the request (same order of locks
   * as `capture`'s: the request's row, then the unit). That statement's snapshot comes after the lock, so the charges
   * it reads are as current as the decision's own read, one round trip fewer.
   */
  chargesWithItems(req: BilledRequest, kind: 'dataPoint' | 'document', names: readonly string[]): UnitChargesRead | undefined {
    if (kind !== 'dataPoint') return undefined;
    const blocks = new Set(names.map((n) => blockFor(req.catalogue, n as DataPoint)));
    const [block] = blocks;
    if (blocks.size !== 1 || !block) return undefined;
    const unit = { unitKey: block.sku, windowMs: block.dedupWindow };
    return {
      lockKey: this.repo.unitLockKeyOf(req, unit.unitKey),
      with: eventsPart(req, [unit], req.createdAt.getTime(), 'unit_charges'),
      select: `(select coalesce(json_agg(c), '[]') from unit_charges c) as "unitCharges"`,
      read: (row) => ({
        ...unit,
        events: (row.unitCharges as (Omit<BillingEventRow, 'basisAt' | 'createdAt'> & { basisAt: string; createdAt: string })[]).map((e) =>
          knownEventOf({ ...e, basisAt: new Date(e.basisAt), createdAt: new Date(e.createdAt) }),
        ),
      }),
    };
  }

  /**
   * What a statement reading the request's items adds to lock the reservation of the unit its `settled_unit`
   * expression names, with the unit's lock (for `capture`'s `locked`), and how to read it from the statement's row.
   */
  lockedReservationPart(req: BilledRequest): {
    with: StatementPartBuilder;
    select: string;
    read(row: { lockedReservation: unknown }): ReservationRow | undefined;
  } {
    return { ...this.repo.lockedReservationPart(req), read: lockedReservationOf };
  }

  /** What a unit of the request was charged, once captured (0 when deduplicated, included or not captured). */
  async capturedCharge(tx: Queryable, req: BilledRequest, unitKey: string): Promise<number> {
    const row = await this.repo.lockReservation(tx, req.id, unitKey);
    return row?.state === 'captured' ? row.charged : 0;
  }

  /** The unit failed: give back what was held. Documents waiting for this block are settled without it. */
  async release(tx: Queryable, req: BilledRequest, unitKey: string): Promise<DocumentResolution[]> {
    const row = await this.repo.lockReservation(tx, req.id, unitKey);
    if (!row || row.state === 'captured' || row.state === 'released') return [];
    await this.releaseHold(tx, req, row);
    return row.kind === 'dataBlock' ? this.resolveAwaiting(tx, req) : [];
  }

  private async settleBlock(
    tx: Queryable,
    req: BilledRequest,
    row: ReservationRow,
    unitLocked = false,
    item?: UnitItemWrite,
    charges?: UnitCharges,
  ): Promise<UnitOutcome> {
    if (!unitLocked) await this.repo.lockUnit(tx, req, row.unitKey);
    const block = req.catalogue.blocks.find((b) => b.sku === row.sku);
    const window = block?.dedupWindow ?? DEFAULT_DEDUP_WINDOW_MS;
    const events =
      unitLocked && charges?.unitKey === row.unitKey && charges.windowMs === window
        ? charges.events
        : await this.known(tx, req, [{ unitKey: row.unitKey, windowMs: window }]);
    const charge = chargedWithin(events, row.unitKey, req.createdAt.getTime(), window, block && { mode: req.mode, block });
    if (charge) return this.record(tx, req, row, 'deduplicated', 0, charge.id, item);
    return this.record(tx, req, row, 'charged', row.price, null, item);
  }

  /**
   * Order of precedence for a document: already bought within its window (deduplicated), included with a block
   * charged or deduplicated for the company, waiting while an including block of this request is still in
   * flight, else charged.
   */
  private async settleDocument(tx: Queryable, req: BilledRequest, row: ReservationRow, unitLocked = false): Promise<UnitOutcome> {
    if (!unitLocked) await this.repo.lockUnit(tx, req, row.unitKey);
    const at = req.createdAt.getTime();
    const includingBlocks = blocksIncluding(req.catalogue, row.sku);
    const includers = includingBlocks.map((b) => b.sku);
    const window = documentFor(req.catalogue, row.sku)?.dedupWindow ?? DEFAULT_DEDUP_WINDOW_MS;
    const events = await this.known(tx, req, [
      { unitKey: row.unitKey, windowMs: window },
      ...includingBlocks.map((b) => ({ unitKey: b.sku, windowMs: b.dedupWindow })),
    ]);
    const charge = chargedWithin(events, row.unitKey, at, window);
    if (charge) return this.record(tx, req, row, 'deduplicated', 0, charge.id);
    const including = includingCharge(events, req.catalogue, row.sku, at);
    if (including) return this.record(tx, req, row, 'included', 0, including);
    const pending = (await this.repo.reservationsOf(tx, req.id)).some(
      (r) => r.kind === 'dataBlock' && includers.includes(r.sku) && r.state === 'reserved',
    );
    if (pending) {
      await this.repo.updateReservation(tx, req.id, row.unitKey, { state: 'awaiting' });
      return 'awaiting';
    }
    return this.record(tx, req, row, 'charged', row.price, null);
  }

  /** Documents of this request waiting for a block that has now settled. */
  private async resolveAwaiting(tx: Queryable, req: BilledRequest): Promise<DocumentResolution[]> {
    if (req.hasDocuments === false) return [];
    const resolved: DocumentResolution[] = [];
    for (const waiting of (await this.repo.reservationsOf(tx, req.id)).filter((r) => r.state === 'awaiting')) {
      const row = await this.repo.lockReservation(tx, req.id, waiting.unitKey, req);
      if (!row || row.state !== 'awaiting') continue;
      const outcome = await this.settleDocument(tx, req, row, true);
      if (outcome !== 'awaiting') resolved.push({ documentId: row.documentId!, outcome });
    }
    return resolved;
  }

  /**
   * Records the event and moves the money: the hold is released and the charge taken. A charge above the hold
   * (a document whose including block failed) is taken only when the budget and the balance allow it.
   */
  private async record(
    tx: Queryable,
    req: BilledRequest,
    row: ReservationRow,
    status: BillingEventStatus,
    amount: number,
    linkedEventId: string | null,
    item?: UnitItemWrite,
  ): Promise<UnitOutcome> {
    if (amount > row.reserved) {
      const refusal = await this.refusalOf(tx, req, row, amount);
      if (refusal) {
        await this.releaseHold(tx, req, row);
        return { refusal };
      }
    }
    const now = this.clock.now();
    const event = billingEvent(req, req, row, { amount, status, linkedEventId }, now);
    const id = event.id;
    // The event, the reservation's capture, the hold's release and the charge: one statement.
    const ledger = this.captureEntries(req, row, amount, id);
    const outcome = { cost: amount };
    const written = await this.repo.insertEvent(
      tx,
      event,
      { state: 'captured', charged: amount, settledAt: now },
      ledger,
      item?.part(outcome),
      {
        commits: item?.last === true,
      },
    );
    if (item) item.written = true;
    item?.read?.(written);
    return outcome;
  }

  /**
   * The ledger entries of a unit's capture, as statement parts numbered from $18 (BillingRepository.insertEvent): the
   * hold's release and the charge of `amount` (event `eventId`); none for an amount of 0 and no hold. `onlyIf`: see
   * Ledger.entriesStatement.
   */
  private captureEntries(
    req: BilledRequest,
    unit: { unitKey: string; reserved: number },
    amount: number,
    eventId: string,
    onlyIf?: string,
  ): LedgerStatement | undefined {
    const entries = [
      ...(unit.reserved > 0 ? [{ amount: unit.reserved, kind: 'release' as const, reference: holdReference(req.id, unit.unitKey) }] : []),
      ...(amount > 0 ? [{ amount: -amount, kind: 'charge' as const, reference: eventId }] : []),
    ];
    return entries.length > 0 ? this.ledger.entriesStatement(req.accountId, entries, undefined, 17, onlyIf) : undefined;
  }

  private async releaseHold(tx: Queryable, req: BilledRequest, row: ReservationRow): Promise<void> {
    if (row.reserved > 0) await this.ledger.record(tx, req.accountId, row.reserved, 'release', holdReference(req.id, row.unitKey));
    await this.repo.updateReservation(tx, req.id, row.unitKey, { state: 'released', charged: 0, settledAt: this.clock.now() });
  }

  private async refusalOf(tx: Queryable, req: BilledRequest, row: ReservationRow, amount: number): Promise<ChargeRefusal | undefined> {
    if (req.maxBudget !== undefined) {
      const others = (await this.repo.reservationsOf(tx, req.id)).filter((r) => r.unitKey !== row.unitKey);
      const committed = others.reduce((sum, r) => sum + (r.state === 'captured' ? r.charged : r.state === 'released' ? 0 : r.reserved), 0);
      if (committed + amount > req.maxBudget) {
        return {
          code: 'budget_exceeded',
          message: `${describe(row)} costs ${amount} credit cents, beyond what maxBudget leaves`,
          retryable: false,
          cost: amount,
        };
      }
    }
    await this.repo.lockAccount(tx, req.accountId);
    const balance = await this.ledger.balance(req.accountId, tx);
    if (balance < amount - row.reserved) {
      return {
        code: 'insufficient_funds',
        message: `${describe(row)} costs ${amount} credit cents; the balance is ${balance}`,
        retryable: false,
        cost: amount,
      };
    }
    return undefined;
  }

  private async known(tx: Queryable, req: BilledRequest, units: UnitWindow[]): Promise<KnownEvent[]> {
    const rows = await this.repo.eventsOf(tx, req, units, req.createdAt.getTime());
    return rows.map(knownEventOf);
  }
}

/**
 * A billing event of a request for one unit of one company (the request's own, or one its graph expanded). Its
 * basis is the request's creation: dedup windows are measured between requests.
 */
export function billingEvent(
  req: Pick<BilledRequest, 'id' | 'accountId' | 'createdAt'>,
  company: { countryCode: string; companyId: string },
  unit: Pick<ReservationRow, 'kind' | 'sku' | 'documentId' | 'unitKey'>,
  outcome: { amount: number; status: BillingEventStatus; linkedEventId: string | null },
  now: Date,
): BillingEventRow {
  return {
    id: newId('bev', now.getTime()),
    accountId: req.accountId,
    requestId: req.id,
    countryCode: company.countryCode,
    companyId: company.companyId,
    kind: unit.kind,
    sku: unit.sku,
    documentId: unit.documentId,
    unitKey: unit.unitKey,
    ...outcome,
    basisAt: req.createdAt,
    createdAt: now,
  };
}

export function holdReference(requestId: string, unitKey?: string): string {
  return unitKey ? `hold:${requestId}:${unitKey}` : `hold:${requestId}`;
}

function describe(row: ReservationRow): string {
  return row.kind === 'document' ? `document ${row.documentId} (${row.sku}, no longer included: its block failed)` : `block ${row.sku}`;
}
