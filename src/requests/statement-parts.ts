import { json } from '../store/db.ts';
import { paramAt, type StatementPart, type StatementPartBuilder } from '../store/statement.ts';
import { ITEM_COLUMNS, REQUEST_COLUMNS } from './columns.ts';
import type { ItemKind, ItemRow, ItemStatusValue, RequestRow } from './types.ts';

// The request tables' parts of statements composed with other modules' (src/store/statement.ts): a request's
// insert with its hold, an item's update with its charge, the unit a settlement locks with its items' read.

const jsonOrNull = (v: unknown) => (v === undefined || v === null ? null : json(v));

/** Items' columns as arrays, in the order both request parts unnest them (kind … billing_unit). */
function itemColumns(items: readonly Omit<ItemRow, 'updatedAt'>[]): unknown[] {
  return [
    items.map((i) => i.kind),
    items.map((i) => i.name),
    items.map((i) => i.status),
    items.map((i) => i.authoritative),
    items.map((i) => i.cost),
    items.map((i) => jsonOrNull(i.error)),
    items.map((i) => jsonOrNull(i.result)),
    items.map((i) => jsonOrNull(i.source)),
    items.map((i) => i.attempts),
    items.map((i) => i.billingUnit),
  ];
}

/** A request and its items as a statement part (`request`, `request_items_written`), written only when `onlyIf` holds. */
export function requestPart(
  req: RequestRow,
  items: Omit<ItemRow, 'updatedAt'>[],
  leaseOwner: string | null,
  onlyIf: string,
  offset: number,
): StatementPart {
  const $ = paramAt(offset);
  return {
    ctes: `request as (
       insert into requests (id, account_id, country_code, company_id, mode, data_points, documents, options, metadata,
         company_legal_name, enrichment, created_at, updated_at, lease_owner)
       select ${$(1)}::text, ${$(2)}::text, ${$(3)}::text, ${$(4)}::text, ${$(5)}::text, ${$(6)}::jsonb, ${$(7)}::jsonb, ${$(8)}::jsonb,
              ${$(9)}::jsonb, ${$(10)}::text, ${$(24)}::jsonb, ${$(11)}::timestamptz, ${$(12)}::timestamptz, ${$(13)}::text
        where ${onlyIf}
       returning id, created_at
     ), request_items_written as (
       insert into request_items (request_id, kind, name, status, authoritative, cost, error, result, source, attempts,
         billing_unit, updated_at)
       select request.id, i.kind, i.name, i.status, i.authoritative, i.cost, i.error::jsonb, i.result::jsonb, i.source::jsonb,
              i.attempts, i.billing_unit, request.created_at
         from request, unnest(${$(14)}::text[], ${$(15)}::text[], ${$(16)}::text[], ${$(17)}::boolean[], ${$(18)}::int8[],
                              ${$(19)}::text[], ${$(20)}::text[], ${$(21)}::text[], ${$(22)}::int4[], ${$(23)}::text[])
                as i(kind, name, status, authoritative, cost, error, result, source, attempts, billing_unit)
     )`,
    params: [
      req.id,
      req.accountId,
      req.countryCode,
      req.companyId,
      req.mode,
      json(req.dataPoints),
      json(req.documents),
      json(req.options),
      json(req.metadata),
      req.companyLegalName,
      req.createdAt,
      req.updatedAt,
      leaseOwner,
      ...itemColumns(items),
      jsonOrNull(req.enrichment),
    ],
  };
}

/** A request, its items and the process whose lease it starts under: one member of `groupRequestsPart`. */
export interface NewRequest {
  request: RequestRow;
  items: Omit<ItemRow, 'updatedAt'>[];
  leaseOwner: string | null;
}

/**
 * Several requests and their items as one statement part (`group_requests`, `group_items`): `requestPart`'s writes
 * over arrays, for a statement that accepts a group of requests at once. Written unconditionally: that statement
 * fails as a whole when any of its requests may not be written.
 */
export function groupRequestsPart(members: readonly NewRequest[]): StatementPartBuilder {
  return (offset) => {
    const $ = paramAt(offset);
    const requests = members.map((m) => m.request);
    const items = members.flatMap((m) => m.items.map((item) => ({ ...item, requestId: m.request.id })));
    return {
      ctes: `group_requests as (
       insert into requests (id, account_id, country_code, company_id, mode, data_points, documents, options, metadata,
         company_legal_name, enrichment, created_at, updated_at, lease_owner)
       select id, account_id, country_code, company_id, mode, data_points::jsonb, documents::jsonb, options::jsonb,
              metadata::jsonb, company_legal_name, enrichment::jsonb, created_at, updated_at, lease_owner
         from unnest(${$(1)}::text[], ${$(2)}::text[], ${$(3)}::text[], ${$(4)}::text[], ${$(5)}::text[], ${$(6)}::text[],
                     ${$(7)}::text[], ${$(8)}::text[], ${$(9)}::text[], ${$(10)}::text[], ${$(11)}::text[],
                     ${$(12)}::timestamptz[], ${$(13)}::timestamptz[], ${$(14)}::text[])
                as r(id, account_id, country_code, company_id, mode, data_points, documents, options, metadata,
                     company_legal_name, enrichment, created_at, updated_at, lease_owner)
       returning id, created_at
     ), group_items as (
       insert into request_items (request_id, kind, name, status, authoritative, cost, error, result, source, attempts,
         billing_unit, updated_at)
       select r.id, i.kind, i.name, i.status, i.authoritative, i.cost, i.error::jsonb, i.result::jsonb, i.source::jsonb,
              i.attempts, i.billing_unit, r.created_at
         from unnest(${$(15)}::text[], ${$(16)}::text[], ${$(17)}::text[], ${$(18)}::text[], ${$(19)}::boolean[],
                     ${$(20)}::int8[], ${$(21)}::text[], ${$(22)}::text[], ${$(23)}::text[], ${$(24)}::int4[], ${$(25)}::text[])
                as i(request_id, kind, name, status, authoritative, cost, error, result, source, attempts, billing_unit)
         join group_requests r on r.id = i.request_id
     )`,
      params: [
        requests.map((r) => r.id),
        requests.map((r) => r.accountId),
        requests.map((r) => r.countryCode),
        requests.map((r) => r.companyId),
        requests.map((r) => r.mode),
        requests.map((r) => json(r.dataPoints)),
        requests.map((r) => json(r.documents)),
        requests.map((r) => json(r.options)),
        requests.map((r) => json(r.metadata)),
        requests.map((r) => r.companyLegalName),
        requests.map((r) => jsonOrNull(r.enrichment)),
        requests.map((r) => r.createdAt.toISOString()),
        requests.map((r) => r.updatedAt.toISOString()),
        members.map((m) => m.leaseOwner),
        items.map((i) => i.requestId),
        ...itemColumns(items),
      ],
    };
  };
}

/** What settling or advancing an item writes on it. */
export interface ItemPatch {
  status: ItemStatusValue;
  result?: unknown;
  source?: unknown;
  error?: Record<string, unknown> | null;
  authoritative?: boolean | null;
  cost?: number;
  /** Delivered without what the block's price pays for: a `fast` request served from it is not charged either. */
  uncharged?: boolean;
}

/**
 * The `settled_unit` expression: the billing unit of the request's open items of these names when they all belong to one
 * (one row, `settled_key`), else none. For a statement composed after `itemsWith`'s (`request_ref`).
 */
export function openItemsUnitPart(kind: ItemKind, names: readonly string[]): StatementPartBuilder {
  return (offset) => {
    const $ = paramAt(offset);
    return {
      ctes: `settled_unit as (
         select min(billing_unit) as settled_key from request_items
          where request_id = (select id from request_ref) and kind = ${$(1)} and name = any(${$(2)}::text[])
            and status in ('in_progress', 'enriching')
         having count(*) > 0 and count(distinct billing_unit) = 1 and count(billing_unit) = count(*)
       )`,
      params: [kind, [...names]],
    };
  };
}

/** The request's item `name` while still open, as a statement part (a row named `name` when it is). */
export function openItemPart(requestId: string, kind: ItemKind, itemName: string, name: string): StatementPartBuilder {
  return (offset) => {
    const $ = paramAt(offset);
    return {
      ctes: `${name} as (
         select 1 from request_items where request_id = ${$(1)} and kind = ${$(2)} and name = ${$(3)} and status in ('in_progress', 'enriching')
       )`,
      params: [requestId, kind, itemName],
    };
  };
}

/**
 * What a settlement records on the request with an item that changed, in the statement that changes it (one update of
 * the request's row, not one each): the company's legal name its delivery read (lists and webhooks show it), and the
 * end of `leaseOwner`'s lease once the item leaves none of the request's items open (the caller waiting for the answer
 * reads it after the commit: RequestRepository.settledAfterCommit).
 */
export interface RequestNotes {
  legalName?: string;
  leaseOwner?: string;
}

/**
 * `updateItem` as a statement part: the item (`item`, its name when it changed) and its request's updated_at, with
 * `notes`, so a unit's settlement writes its item in the statement that records its charge (BillingSettlement.capture).
 *
 * `answer`: the part also reads the request and its items as the statement leaves them (its `select`, read by
 * `answerOfRow`): the item and the request as written, the other items as the statement found them. For the statement
 * that commits a request's last settlement while nothing else writes the request (its row lock is held), that is the
 * answer a read after the commit would find, without that read. `onlyIf`: a condition on expressions before the part;
 * when false, it writes nothing.
 */
export function itemUpdatePart(
  requestId: string,
  kind: ItemKind,
  name: string,
  patch: ItemPatch,
  now: Date,
  notes: RequestNotes = {},
  { answer = false, onlyIf }: { answer?: boolean; onlyIf?: string } = {},
): StatementPartBuilder {
  return (offset) => {
    const $ = paramAt(offset);
    return {
      ctes: `item as (
         update request_items set status = ${$(4)},
                result = coalesce(${$(5)}::jsonb, result), source = coalesce(${$(6)}::jsonb, source), error = ${$(7)}::jsonb,
                authoritative = ${$(8)}, cost = coalesce(${$(9)}, cost), updated_at = ${$(10)}, uncharged = ${$(11)}
          where request_id = ${$(1)} and kind = ${$(2)} and name = ${$(3)} and status in ('in_progress', 'enriching')
                ${onlyIf ? `and ${onlyIf}` : ''}
          returning ${answer ? ITEM_COLUMNS : 'name'}
       ), item_request as (
         update requests set updated_at = ${$(10)}, company_legal_name = coalesce(${$(12)}::text, company_legal_name),
                lease_owner = case
                  when ${$(13)}::text is not null and lease_owner = ${$(13)} and ${$(4)} not in ('in_progress', 'enriching')
                   and not exists (select 1 from request_items o
                                    where o.request_id = ${$(1)} and o.status in ('in_progress', 'enriching')
                                      and (o.kind, o.name) <> (${$(2)}, ${$(3)}))
                  then null else lease_owner end
          where id = ${$(1)} and exists (select 1 from item)
          ${answer ? `returning ${REQUEST_COLUMNS}` : ''}
       )`,
      params: [
        requestId,
        kind,
        name,
        patch.status,
        patch.result === undefined ? null : json(patch.result),
        patch.source === undefined ? null : json(patch.source),
        patch.error ? json(patch.error) : null,
        patch.authoritative ?? null,
        patch.cost ?? null,
        now,
        patch.uncharged === true,
        notes.legalName ?? null,
        notes.leaseOwner ?? null,
      ],
      ...(answer
        ? {
            select: `(select row_to_json(r) from item_request r) as "answerRequest",
              (select coalesce(json_agg(i order by i.kind, i.name), '[]')
                 from (select ${ITEM_COLUMNS} from request_items where request_id = ${$(1)} and (kind, name) <> (${$(2)}, ${$(3)})
                       union all select * from item) i) as "answerItems"`,
          }
        : {}),
    };
  };
}
