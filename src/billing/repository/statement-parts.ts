// Billing's parts of statements that other modules write (src/store/statement.ts): a request's reservations with its
// accept, the dedup reads and guards of a settlement, and the reading of the reservation its statement locked.
import { paramAt, type StatementPartBuilder } from '../../store/statement.ts';
import type { BillingSubject } from '../types.ts';
import { E_EVENT_COLUMNS, type NewReservation, type ReservationRow, type UnitWindow } from './rows.ts';

/**
 * The reservations of a request's units as a statement part (the `reservations` expression); with `onlyIf`, a SQL
 * condition on the expressions before it, written only when it holds (the hold's `balance` took the hold).
 */
export function reservationsPart(rows: readonly NewReservation[], onlyIf?: string): StatementPartBuilder {
  return (offset) => {
    const $ = paramAt(offset);
    const col = <K extends keyof NewReservation>(k: K) => rows.map((r) => r[k]);
    return {
      ctes: `reservations as (
         insert into billing_reservations (request_id, unit_key, account_id, kind, sku, document_id, price, reserved, state, created_at)
         select * from unnest(${$(1)}::text[], ${$(2)}::text[], ${$(3)}::text[], ${$(4)}::text[], ${$(5)}::text[], ${$(6)}::text[],
                              ${$(7)}::int8[], ${$(8)}::int8[], ${$(9)}::text[], ${$(10)}::timestamptz[])
         ${onlyIf ? `where ${onlyIf}` : ''}
       )`,
      params: [
        col('requestId'),
        col('unitKey'),
        col('accountId'),
        col('kind'),
        col('sku'),
        col('documentId'),
        col('price'),
        col('reserved'),
        col('state'),
        rows.map((r) => r.createdAt.toISOString()),
      ],
    };
  };
}

/**
 * Charges of one unit within its window read for a decision. A charge makes every later request within the window
 * deduplicated, so only mode changes (an onboarding charge, then a verification one) and requests settling out of
 * order put more than one there; this bounds the read with room to spare.
 */
const CHARGES_PER_WINDOW = 16;

/**
 * `eventsOf`'s read as a common table expression named `name`, numbered from `$<offset + 1>`: a statement that needs
 * the events beside other work (a settlement's read after the unit's lock) reads them in the same round trip. Rows as
 * `eventsOf` answers them, newest first.
 */
export function eventsPart(subject: BillingSubject, units: readonly UnitWindow[], atMs: number, name: string): StatementPartBuilder {
  return (offset) => {
    const $ = paramAt(offset);
    const within = `b.account_id = ${$(1)} and b.country_code = ${$(2)} and b.company_id = ${$(3)} and b.unit_key = u.unit_key
               and b.basis_at > ${$(6)}::timestamptz - u.window_ms * interval '1 millisecond'
               and b.basis_at < ${$(6)}::timestamptz + u.window_ms * interval '1 millisecond'`;
    return {
      ctes: `${name} as (
         select ${E_EVENT_COLUMNS}, (select r.mode from requests r where r.id = e.request_id) as "mode"
           from unnest(${$(4)}::text[], ${$(5)}::int8[]) as u(unit_key, window_ms)
           cross join lateral (
             (select * from billing_events b where ${within} and b.status = 'charged'
               order by b.basis_at desc, b.id desc limit ${CHARGES_PER_WINDOW})
             union
             (select * from billing_events b where ${within} and b.status in ('charged', 'deduplicated')
               order by b.basis_at desc, b.id desc limit 1)
           ) e
          order by e.basis_at desc, e.id desc
       )`,
      params: unitWindowParams(subject, units, atMs),
    };
  };
}

/**
 * Whether the account has an event of these units of the company that `eventsOf` would read, as a common table
 * expression named `name` (a row per unit that has one), numbered from `$<offset + 1>`: the guard of a quote made without
 * history needs only that. `eventsOf` reads a unit's latest charged or deduplicated event within its window whenever
 * it reads any, so one probe of the unit's index per unit answers it, with none of that read's merging and sorting.
 */
export function priorEventPart(subject: BillingSubject, units: readonly UnitWindow[], atMs: number, name: string): StatementPartBuilder {
  return (offset) => {
    const $ = paramAt(offset);
    return {
      // A lookup of each unit in the unit's index, newest first, as eventsPart's: as `exists`, PostgreSQL may join the
      // units to a scan of the account's events, a plan that a statement planned once (generic) keeps as they grow.
      ctes: `${name} as (
         select u.unit_key
           from unnest(${$(4)}::text[], ${$(5)}::int8[]) as u(unit_key, window_ms)
           cross join lateral (
             select 1 from billing_events b
              where b.account_id = ${$(1)} and b.country_code = ${$(2)} and b.company_id = ${$(3)} and b.unit_key = u.unit_key
                and b.basis_at > ${$(6)}::timestamptz - u.window_ms * interval '1 millisecond'
                and b.basis_at < ${$(6)}::timestamptz + u.window_ms * interval '1 millisecond'
                and b.status in ('charged', 'deduplicated')
              order by b.basis_at desc, b.id desc limit 1
           ) hit
       )`,
      params: unitWindowParams(subject, units, atMs),
    };
  };
}

/**
 * The request's reservation of a unit while still held (neither captured nor released), as a statement part (a row
 * named `name` when it is).
 */
export function heldReservationPart(requestId: string, unitKey: string, name: string): StatementPartBuilder {
  return (offset) => ({
    ctes: `${name} as (
       select 1 from billing_reservations where request_id = ${paramAt(offset)(1)} and unit_key = ${paramAt(offset)(2)} and state = 'reserved'
     )`,
    params: [requestId, unitKey],
  });
}

/** The parameters of a read of units' events within their windows, $1-$6: the company, the units, the time. */
function unitWindowParams(subject: BillingSubject, units: readonly UnitWindow[], atMs: number): unknown[] {
  return [
    subject.accountId,
    subject.countryCode,
    subject.companyId,
    units.map((u) => u.unitKey),
    units.map((u) => u.windowMs),
    new Date(atMs),
  ];
}

/** A reservation read by `lockedReservationPart` (inside row_to_json its timestamps are text). */
export function lockedReservationOf(also: { lockedReservation: unknown }): ReservationRow | undefined {
  const r = also.lockedReservation as
    | (Omit<ReservationRow, 'createdAt' | 'settledAt'> & { createdAt: string; settledAt: string | null })
    | null;
  if (!r) return undefined;
  return { ...r, createdAt: new Date(r.createdAt), settledAt: r.settledAt === null ? null : new Date(r.settledAt) };
}
