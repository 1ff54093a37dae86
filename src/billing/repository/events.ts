import { locksAreNoOps, type Db, type Queryable } from '../../store/db.ts';
import { composeStatement, paramAt, withGenericPlan, type StatementPartBuilder } from '../../store/statement.ts';
import type { BillingSubject } from '../types.ts';
import {
  EVENT_COLUMNS,
  RESERVATION_COLUMNS,
  unitLockKey,
  type BillingEventRow,
  type LedgerStatement,
  type NewReservation,
  type ReservationRow,
  type ReservationState,
  type UnitWindow,
} from './rows.ts';
import { eventsPart, reservationsPart } from './statement-parts.ts';

/** Billing events and reservations. Callers that decide a charge hold the locks (see BillingService). */
export class BillingRepository {
  constructor(private readonly db: Db) {}

  /**
   * The events of these units for one company that dedup and inclusion decisions can use at `atMs` (dedup.ts), newest
   * first: per unit, its charges within its window (the charged-events index; a few at most, as a charge makes the
   * next ones within the window deduplicated) and its latest charged or deduplicated event within the window (one
   * row from the end of the unit's index). Reading no event outside the window, nor every repeat within it, keeps the
   * cost of a request independent of the company's history.
   */
  async eventsOf(tx: Queryable, subject: BillingSubject, units: readonly UnitWindow[], atMs: number): Promise<BillingEventRow[]> {
    if (units.length === 0) return [];
    const { sql, params } = composeStatement(
      [eventsPart(subject, units, atMs, 'unit_events')],
      `select * from unit_events order by "basisAt" desc, id desc`,
    );
    return tx.query<BillingEventRow>(withGenericPlan(sql), params);
  }

  /**
   * Records an event; with `capture`, the event's own reservation (its request and unit) is settled by the same
   * statement and points at it; with `ledger` (Ledger.entriesStatement, numbered from $18), the ledger entries that
   * move the money are written by it too: one round trip for the whole decision.
   */
  async insertEvent(
    tx: Queryable,
    e: BillingEventRow,
    capture?: { state: 'captured'; charged: number; settledAt: Date },
    ledger?: LedgerStatement,
    /** More the statement writes: the settled unit's item (RequestRepository's `itemUpdatePart`). */
    also?: StatementPartBuilder,
    /**
     * `commits`: the statement is its transaction's last, and commits it (Queryable.commitWith). `guard`: the event and
     * the capture are written only when `holds`, a condition over the guard's part, is true (`ledger` and `also` take it
     * as their own condition); the row's `written` tells whether it was.
     */
    { commits = false, guard }: { commits?: boolean; guard?: { part: StatementPartBuilder; holds: string } } = {},
  ): Promise<Record<string, unknown>> {
    const more = also?.(17 + (ledger?.params.length ?? 0));
    const checked = guard?.part(17 + (ledger?.params.length ?? 0) + (more?.params.length ?? 0));
    const holds = guard?.holds ?? 'true';
    const run = commits && tx.commitWith ? tx.commitWith.bind(tx) : tx.query.bind(tx);
    // The statement's row: whether it wrote, and what `also` adds to it (its select), for its owner to read.
    // Planned once per session (withGenericPlan), as PostgreSQL chose itself for it (pg_stat_statements: 10 plans in
    // 4,638 runs under load): marked, it no longer switches its connection's plan mode back from the accept's.
    const [row] = await run(
      withGenericPlan(`with ${checked ? `${checked.ctes}, ` : ''}event as (
         insert into billing_events (id, account_id, request_id, country_code, company_id, kind, sku, document_id, unit_key,
           amount, status, linked_event_id, basis_at, created_at)
         select $1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, $9::text, $10::int8, $11::text,
                $12::text, $13::timestamptz, $14::timestamptz
          where ${holds}
         returning id
       ), capture as (
         update billing_reservations set state = $15, charged = $16, event_id = (select id from event), settled_at = $17
          where $15::text is not null and request_id = $3 and unit_key = $9 and ${holds}
       )${ledger ? `, ${ledger.ctes}` : ''}${more ? `, ${more.ctes}` : ''}
       select ${holds} as written${more?.select ? `, ${more.select}` : ''}`),
      [
        e.id,
        e.accountId,
        e.requestId,
        e.countryCode,
        e.companyId,
        e.kind,
        e.sku,
        e.documentId,
        e.unitKey,
        e.amount,
        e.status,
        e.linkedEventId,
        e.basisAt,
        e.createdAt,
        capture?.state ?? null,
        capture?.charged ?? null,
        capture?.settledAt ?? null,
        ...(ledger?.params ?? []),
        ...(more?.params ?? []),
        ...(checked?.params ?? []),
      ],
    );
    return row ?? {};
  }

  /** One page of an account's events, newest first, after the cursor position (createdAt, id). */
  async pageOfEvents(
    accountId: string,
    opts: { requestId?: string; limit: number; before?: { createdAt: Date; id: string } },
  ): Promise<BillingEventRow[]> {
    const params: unknown[] = [accountId, opts.limit];
    let where = 'account_id = $1';
    if (opts.requestId) {
      params.push(opts.requestId);
      where += ` and request_id = $${params.length}`;
    }
    if (opts.before) {
      params.push(opts.before.createdAt, opts.before.id);
      where += ` and (created_at, id) < ($${params.length - 1}, $${params.length})`;
    }
    return this.db.query<BillingEventRow>(
      `select ${EVENT_COLUMNS} from billing_events where ${where} order by created_at desc, id desc limit $2`,
      params,
    );
  }

  async insertReservation(tx: Queryable, r: NewReservation): Promise<void> {
    await this.insertReservations(tx, [r]);
  }

  /** The reservations of a request's units, in one statement. */
  async insertReservations(tx: Queryable, rows: readonly NewReservation[]): Promise<void> {
    if (rows.length === 0) return;
    const { sql, params } = composeStatement([reservationsPart(rows)], 'select 1');
    await tx.query(sql, params);
  }

  /**
   * The reservation of a unit, locked until the transaction ends. With `unitOf`, the same statement takes the unit's
   * lock for that company (`lockUnit`), which a charge decision needs next: one round trip instead of two. The
   * decision's reads come in later statements, which see what the lock's previous holder committed.
   */
  async lockReservation(tx: Queryable, requestId: string, unitKey: string, unitOf?: BillingSubject): Promise<ReservationRow | undefined> {
    if (unitOf && !locksAreNoOps(this.db)) {
      const [row] = await tx.query<ReservationRow>(
        `with unit_lock as (select pg_advisory_xact_lock(hashtext($3)))
         select ${RESERVATION_COLUMNS} from unit_lock, billing_reservations
          where request_id = $1 and unit_key = $2 for update of billing_reservations`,
        [requestId, unitKey, unitLockKey(unitOf, unitKey)],
      );
      return row;
    }
    const [row] = await tx.query<ReservationRow>(
      `select ${RESERVATION_COLUMNS} from billing_reservations where request_id = $1 and unit_key = $2 for update`,
      [requestId, unitKey],
    );
    return row;
  }

  /**
   * Locks, as `lockReservation` with its unit's lock does, the reservation of the unit a `settled_unit` expression names
   * (`openItemsUnitPart`), in the statement that reads the request's items (`RequestRepository.itemsWith`). The
   * items and the reservation are the request's, which the transaction has locked already, so the statement's
   * snapshot, taken before it waited for the unit's lock, is current for them; the charge decision's reads
   * (`eventsOf`) still come in a later statement. Read the row with `lockedReservationOf`.
   */
  lockedReservationPart(subject: BillingSubject): { with: StatementPartBuilder; select: string } {
    const locks = !locksAreNoOps(this.db);
    return {
      with: (offset) => ({
        ctes: `${locks ? `unit_lock as (select pg_advisory_xact_lock(hashtext(${paramAt(offset)(1)} || settled_unit.settled_key)) from settled_unit), ` : ''}
         locked_reservation as (
           select ${RESERVATION_COLUMNS} from ${locks ? 'unit_lock, ' : ''}settled_unit, billing_reservations
            where billing_reservations.request_id = (select id from request_ref) and billing_reservations.unit_key = settled_unit.settled_key
            for update of billing_reservations
         )`,
        params: locks ? [unitLockKey(subject, '')] : [],
      }),
      select: `(select row_to_json(r) from locked_reservation r) as "lockedReservation"`,
    };
  }

  async reservationsOf(tx: Queryable, requestId: string): Promise<ReservationRow[]> {
    return tx.query<ReservationRow>(
      `select ${RESERVATION_COLUMNS} from billing_reservations where request_id = $1 order by created_at, unit_key`,
      [requestId],
    );
  }

  async updateReservation(
    tx: Queryable,
    requestId: string,
    unitKey: string,
    patch: { state: ReservationState; charged?: number; eventId?: string | null; settledAt?: Date | null },
  ): Promise<void> {
    await tx.query(
      `update billing_reservations set state = $3, charged = coalesce($4, charged), event_id = coalesce($5, event_id),
              settled_at = coalesce($6, settled_at)
        where request_id = $1 and unit_key = $2`,
      [requestId, unitKey, patch.state, patch.charged ?? null, patch.eventId ?? null, patch.settledAt ?? null],
    );
  }

  /** The key of a unit's advisory lock (`lockUnit`), for a statement that takes it; undefined where locks are no-ops. */
  unitLockKeyOf(subject: BillingSubject, unitKey: string): string | undefined {
    return locksAreNoOps(this.db) ? undefined : unitLockKey(subject, unitKey);
  }

  /**
   * Serialises every charge decision about one unit of one company for one account, across requests and
   * processes, until the transaction ends: the second of two simultaneous captures sees the first's event.
   */
  async lockUnit(tx: Queryable, subject: BillingSubject, unitKey: string): Promise<void> {
    if (locksAreNoOps(this.db)) return;
    await tx.query('select pg_advisory_xact_lock(hashtext($1))', [unitLockKey(subject, unitKey)]);
  }

  /** Locks the account row: reservations and top-ups of one account see each other's holds. */
  async lockAccount(tx: Queryable, accountId: string): Promise<boolean> {
    const rows = await tx.query('select id from accounts where id = $1 for no key update', [accountId]);
    return rows.length > 0;
  }
}
