import { paramAt, type StatementPartBuilder } from '../../store/statement.ts';
import type { BillingSubject } from '../types.ts';
import type { NewLedgerEntry } from './ledger.ts';
import type { NewReservation, UnitWindow } from './rows.ts';

/**
 * One request's hold as rows (BillingService.holdOf): what its statement parts write, for a statement that writes the
 * holds of several requests at once (groupHoldsPart).
 */
export interface HoldRows {
  accountId: string;
  /** The ledger's reservation entry (negative); none when the quote holds nothing. */
  entry?: NewLedgerEntry & { at: Date };
  reservations: NewReservation[];
  /** The earlier events whose absence a quote made without reading history assumed (HistoryGuard). */
  guard?: { subject: BillingSubject; units: readonly UnitWindow[]; atMs: number };
}

/**
 * SQL over groupHoldsPart's expressions: true when every hold of the group was taken. When false, some were and
 * some were not: the statement must then fail, so that none is written (see groupHoldsPart).
 */
export const GROUP_HELD =
  'not exists (select 1 from group_prior_events) and (select count(*) from group_balance) = (select count(*) from group_hold_totals)';

/**
 * The holds of several requests as one statement part, the rows of each request's `holdOf` parts over arrays: the
 * ledger entries, one update of each account's balance by the sum of its requests' holds, the reservations, and the
 * lookup of every guard's earlier events. One statement's fixed cost (its executor's start and finish, the plan's
 * set-up, a message) is shared by the group: measured on the accept of one data point, about 40 % of the embedded
 * store's time per request in groups of five, 25 % of PostgreSQL's (docs/performance-passes.md, thirty-fourth pass).
 *
 * All or nothing: an account whose balance does not cover its requests' holds together, or a guard that finds an
 * event, leaves `GROUP_HELD` false with other holds already written, and the statement that composes this part fails
 * on it (nothing written); its requests are then accepted one by one, each taking or refusing its own hold.
 *
 * The accounts' rows are locked in the order of their ids (byte order, as StatementGroups orders its statements)
 * before any is updated: two groups that share accounts take them in the same order and never wait for each other.
 */
export function groupHoldsPart(holds: readonly HoldRows[]): StatementPartBuilder {
  return (offset) => {
    const $ = paramAt(offset);
    const guards = holds.flatMap(({ guard }) =>
      guard ? guard.units.map((unit) => ({ ...guard.subject, ...unit, at: new Date(guard.atMs).toISOString() })) : [],
    );
    const entries = holds.flatMap(({ accountId, entry }) => (entry ? [{ accountId, ...entry }] : []));
    const reservations = holds.flatMap((h) => h.reservations);
    const column = <T, K extends keyof T>(rows: readonly T[], key: K) => rows.map((r) => r[key]);
    return {
      ctes: `group_prior_events as (
         select 1
           from unnest(${$(1)}::text[], ${$(2)}::text[], ${$(3)}::text[], ${$(4)}::text[], ${$(5)}::int8[], ${$(6)}::timestamptz[])
                  as u(account_id, country_code, company_id, unit_key, window_ms, at)
           cross join lateral (
             select 1 from billing_events b
              where b.account_id = u.account_id and b.country_code = u.country_code and b.company_id = u.company_id
                and b.unit_key = u.unit_key
                and b.basis_at > u.at - u.window_ms * interval '1 millisecond'
                and b.basis_at < u.at + u.window_ms * interval '1 millisecond'
                and b.status in ('charged', 'deduplicated')
              order by b.basis_at desc, b.id desc limit 1
           ) hit
       ), group_hold_entries as (
         select * from unnest(${$(7)}::text[], ${$(8)}::text[], ${$(9)}::int8[], ${$(10)}::text[], ${$(11)}::text[], ${$(12)}::timestamptz[])
                  as e(id, account_id, amount, kind, reference, created_at)
       ), group_hold_totals as (
         select account_id, sum(amount)::int8 as amount from group_hold_entries group by account_id
       ), group_balance_locked as (
         select account_id from account_balances
          where account_id in (select account_id from group_hold_totals) order by account_id collate "C" for update
       ), group_balance as (
         update account_balances a set balance = a.balance + t.amount
           from group_hold_totals t
          where a.account_id = t.account_id and a.balance + t.amount >= 0
            and (select count(*) from group_balance_locked) >= 0
            and not exists (select 1 from group_prior_events)
         returning a.account_id
       ), group_ledger as (
         insert into ledger_entries (id, account_id, amount, kind, reference, created_at)
         select id, account_id, amount, kind, reference, created_at from group_hold_entries
       ), group_reservations as (
         insert into billing_reservations (request_id, unit_key, account_id, kind, sku, document_id, price, reserved, state, created_at)
         select * from unnest(${$(13)}::text[], ${$(14)}::text[], ${$(15)}::text[], ${$(16)}::text[], ${$(17)}::text[], ${$(18)}::text[],
                              ${$(19)}::int8[], ${$(20)}::int8[], ${$(21)}::text[], ${$(22)}::timestamptz[])
       )`,
      params: [
        column(guards, 'accountId'),
        column(guards, 'countryCode'),
        column(guards, 'companyId'),
        column(guards, 'unitKey'),
        column(guards, 'windowMs'),
        column(guards, 'at'),
        column(entries, 'id'),
        column(entries, 'accountId'),
        column(entries, 'amount'),
        column(entries, 'kind'),
        column(entries, 'reference'),
        entries.map((e) => e.at.toISOString()),
        column(reservations, 'requestId'),
        column(reservations, 'unitKey'),
        column(reservations, 'accountId'),
        column(reservations, 'kind'),
        column(reservations, 'sku'),
        column(reservations, 'documentId'),
        column(reservations, 'price'),
        column(reservations, 'reserved'),
        column(reservations, 'state'),
        reservations.map((r) => r.createdAt.toISOString()),
      ],
    };
  };
}
