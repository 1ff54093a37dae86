import type { Db, Queryable } from '../store/db.ts';
import type { GroupedQueryable } from '../store/statement-groups.ts';
import { json, locksAreNoOps } from '../store/db.ts';
import { ownerIsDead } from '../store/leases.ts';
import { composeStatement, withGenericPlan, type StatementPartBuilder } from '../store/statement.ts';
import { itemUpdatePart, type ItemPatch, type RequestNotes, requestPart } from './statement-parts.ts';
import { ITEM_COLUMNS, REQUEST_COLUMNS } from './columns.ts';
import type { ItemKind, ItemRow, RequestRow, StoredEnrichment } from './types.ts';

/** Requests and their items (one per requested data point or document). */
export class RequestRepository {
  constructor(private readonly db: Db) {}

  /**
   * Records a request and its items. `leaseOwner`: the process that runs the request's work until `releaseLease`
   * (ProcessLease). `with`: what else the same statement writes (the request's hold and reservations), and `onlyIf`,
   * a condition over it; the request is written only when it holds. One statement: atomic without a transaction, one
   * round trip. Returns whether the request was written.
   *
   * `rows`: what the statement writes, as rows, for a `tx` of StatementGroups that writes a group's accepts in one
   * statement of its own (acceptGroupStatement).
   *
   * `flushedByWhatFollows`: the statement commits without waiting for the store's disk (`synchronous_commit` off for
   * its transaction alone). The caller sets it only when work follows that commits waiting for the disk before anyone
   * outside learns of the request: the settlement of an open item, the scheduling of a job. The log is written in
   * order, so that commit makes this one durable too; a crash of the store before it loses a request nobody was
   * answered about and nothing was charged for. Meanwhile the account's balance row, which every hold updates, is no
   * longer held through a disk flush per request.
   *
   * A statement that fails may still have been written: its answer is lost when the connection breaks after the store
   * received it (and a group that shares its transaction runs it again alone, which then finds its id taken). The
   * request's id is new, so a request found under it is this one, written with its hold: the insert is read back
   * before the failure is believed, and the request goes on as accepted rather than be left holding its credits
   * under this live process's lease, which no sweep takes over.
   */
  async insert<R>(
    tx: Queryable | GroupedQueryable<R>,
    req: RequestRow,
    items: Omit<ItemRow, 'updatedAt'>[],
    leaseOwner: string | null = null,
    opts: { with?: readonly StatementPartBuilder[]; onlyIf?: string; flushedByWhatFollows?: boolean; rows?: R } = {},
  ): Promise<boolean> {
    const onlyIf = opts.onlyIf ?? 'true';
    const deferFlush = opts.flushedByWhatFollows ? `, set_config('synchronous_commit', 'off', true) is not null as deferred` : '';
    const { sql, params } = composeStatement(
      [...(opts.with ?? []), (offset) => requestPart(req, items, leaseOwner, onlyIf, offset)],
      `select ${onlyIf} as written${deferFlush}`,
    );
    try {
      const statement = withGenericPlan(sql);
      const [row] =
        opts.rows !== undefined && 'queryAs' in tx
          ? await tx.queryAs<{ written: boolean }>(opts.rows, statement, params)
          : await tx.query<{ written: boolean }>(statement, params);
      return row?.written === true;
    } catch (err) {
      // A connection lost under the accept: it may have committed, or be committing still.
      await this.db.lostConnectionSettled?.(err).catch(() => undefined);
      if (await this.exists(req.id).catch(() => false)) return true;
      throw err;
    }
  }

  /** Whether a request was committed under this id. */
  async exists(id: string): Promise<boolean> {
    return (await this.db.query('select 1 from requests where id = $1', [id])).length > 0;
  }

  /**
   * A request and its items, in one statement. `releaseLeaseOf`: the same statement ends that process's lease on the
   * request (its work is settled: the answer that follows is the last thing it does for it). That release is committed
   * without waiting for the store's disk (`synchronous_commit` off for this statement's transaction alone): a release
   * lost in a crash leaves a lease of a dead process on a settled request, which the orphan sweep takes over and
   * finds nothing open in, while waiting for the flush cost the store about as much as the read itself.
   */
  async get(id: string, opts: { releaseLeaseOf?: string } = {}): Promise<StoredRequest | undefined> {
    return requestOfRows(await this.db.query<RequestWithItemsRow>(readReleasing(''), [id, opts.releaseLeaseOf ?? null]));
  }

  /**
   * A request and its items as the transaction `tx` leaves them, read once it has committed, in its commit's round trip
   * (Queryable.afterCommit): a settlement that closes a request's last open item reads the answer with it. The read
   * ends `leaseOwner`'s lease on the request as `get` does, but only when no item is left open, and when the
   * settlement's item writes have not ended it already (RequestNotes). Undefined when the store cannot (no
   * afterCommit) or the transaction did not commit.
   */
  settledAfterCommit(tx: Queryable, id: string, leaseOwner: string | null): Promise<StoredRequest | undefined> | undefined {
    const sql = readReleasing(
      `and not exists (select 1 from request_items where request_id = $1 and status in ('in_progress', 'enriching'))`,
    );
    return tx.afterCommit?.<RequestWithItemsRow>(sql, [id, leaseOwner]).then((rows) => rows && requestOfRows(rows));
  }

  /**
   * Locks a request's row until the transaction ends: its items settle one transaction at a time. Its own statement:
   * a statement that waits for the lock still reads what was committed before it started, so the items are read by
   * the next one, which the lock is sent with (Queryable.withNext: one round trip for both). None on a store whose
   * transactions run one at a time. Several requests' rows (settlements of several requests in one transaction,
   * ForeseenSettler) are locked in the order of their ids, so that two such transactions never wait for each other.
   */
  async lock(tx: Queryable, id: string | readonly string[], advisoryKeys: string | readonly string[] = []): Promise<void> {
    if (locksAreNoOps(this.db)) return;
    const run = (sql: string, params: readonly unknown[]) => (tx.withNext ? tx.withNext(sql, params) : tx.query(sql, params));
    // `advisoryKeys`: advisory locks taken next (units', BillingSettlement.chargesWithItems), after the rows'; several
    // in the order of their keys, as every holder of more than one takes them, so that two never wait for each other.
    const keys = typeof advisoryKeys === 'string' ? [advisoryKeys] : [...advisoryKeys].sort();
    if (typeof id !== 'string') {
      const rows = 'select id from requests where id = any($1::text[]) order by id for update';
      // Counted, so that every row is locked before the first advisory lock is asked for.
      if (keys.length === 0) await run(rows, [[...id]]);
      else
        await run(
          `with locked as (${rows})
           select pg_advisory_xact_lock(hashtext(k.key)) from (select count(*) from locked) l, unnest($2::text[]) with ordinality as k(key, n) order by k.n`,
          [[...id], keys],
        );
      return;
    }
    const locked = 'select id from requests where id = $1 for update';
    if (keys.length === 1) await run(`with locked as (${locked}) select pg_advisory_xact_lock(hashtext($2)) from locked`, [id, keys[0]]);
    else if (keys.length > 1)
      await run(
        `with locked as (${locked})
         select pg_advisory_xact_lock(hashtext(k.key)) from locked, unnest($2::text[]) with ordinality as k(key, n) order by k.n`,
        [id, keys],
      );
    else await run(locked, [id]);
  }

  /** The items of a request as seen inside a transaction. */
  async itemsOf(tx: Queryable, requestId: string): Promise<ItemRow[]> {
    return tx.query<ItemRow>(`select ${ITEM_COLUMNS} from request_items where request_id = $1 order by kind, name`, [requestId]);
  }

  /**
   * The items of a request as seen inside a transaction, and what `with` reads in the same statement (its expressions
   * numbered after the request's id; `select`, the columns it adds to the one row answered): the settlement of a
   * unit reads its items and locks its reservation in one round trip.
   */
  async itemsWith<R extends object>(
    tx: Queryable,
    requestId: string,
    also: { with: readonly StatementPartBuilder[]; select: string },
  ): Promise<{ items: ItemRow[]; also: R }> {
    const { sql, params } = composeStatement(
      [
        () => ({
          ctes: `request_ref as (select $1::text as id), read_items as (
             select coalesce(json_agg(i), '[]') as items
               from (select ${ITEM_COLUMNS} from request_items where request_id = $1 order by kind, name) i
           )`,
          params: [requestId],
        }),
        ...also.with,
      ],
      `select read_items.items, ${also.select} from read_items`,
    );
    const [row] = await tx.query<{ items: (Omit<ItemRow, 'updatedAt'> & { updatedAt: string })[] } & R>(withGenericPlan(sql), params);
    const { items, ...rest } = row!;
    return { items: itemsOfJson(items), also: rest as unknown as R };
  }

  /**
   * Settles or advances an item. Only items still open (`in_progress`, `enriching`) change, so a late
   * answer never overwrites a final state such as an onboarding timeout. True when the row changed.
   */
  async updateItem(
    requestId: string,
    kind: ItemKind,
    name: string,
    patch: ItemPatch,
    now: Date,
    tx: Queryable = this.db,
    notes?: RequestNotes,
  ): Promise<boolean> {
    const { sql, params } = composeStatement([itemUpdatePart(requestId, kind, name, patch, now, notes)], 'select name from item');
    const rows = await tx.query(sql, params);
    return rows.length > 0;
  }

  /** Adds to the cost a settled item shows (a block's charge moving to it from a sibling that failed). */
  async addCost(tx: Queryable, requestId: string, kind: ItemKind, name: string, amount: number, now: Date): Promise<boolean> {
    const rows = await tx.query(
      `update request_items set cost = cost + $4, updated_at = $5 where request_id = $1 and kind = $2 and name = $3 and status = 'succeeded'
        returning name`,
      [requestId, kind, name, amount, now],
    );
    if (rows.length > 0) await tx.query('update requests set updated_at = $2 where id = $1', [requestId, now]);
    return rows.length > 0;
  }

  /**
   * The latest data point of this name the service delivered for a company since `since`, in one of `modes`
   * (`fast` requests serve it instead of calling the register again).
   */
  async latestDelivered(q: {
    countryCode: string;
    companyId: string;
    name: string;
    modes: readonly string[];
    since: Date;
    authoritativeOnly: boolean;
    /** Only retrievals made with the same `includeFormerOfficers` (their people lists differ). */
    includeFormerOfficers: boolean;
  }): Promise<{ result: unknown; source: unknown; updatedAt: Date; uncharged: boolean } | undefined> {
    const [row] = await this.db.query<{ result: unknown; source: unknown; updatedAt: Date; uncharged: boolean }>(
      `select i.result, i.source, i.updated_at as "updatedAt", i.uncharged from request_items i join requests r on r.id = i.request_id
        where r.country_code = $1 and r.company_id = $2 and r.created_at >= $5 and r.mode = any($4::text[])
          and i.kind = 'dataPoint' and i.name = $3 and i.status = 'succeeded' and i.result is not null
          and i.updated_at >= $5 and ($6 = false or i.authoritative = true)
          and coalesce((r.options->>'includeFormerOfficers')::boolean, false) = $7
        order by i.updated_at desc limit 1`,
      [q.countryCode, q.companyId, q.name, q.modes, q.since, q.authoritativeOnly, q.includeFormerOfficers],
    );
    return row;
  }

  /** The latest document the account was delivered for this company since `since` (`fast` reuse): its item, file id included. */
  async latestDeliveredDocument(q: {
    accountId: string;
    countryCode: string;
    companyId: string;
    documentId: string;
    since: Date;
  }): Promise<{ result: unknown; updatedAt: Date } | undefined> {
    const [row] = await this.db.query<{ result: unknown; updatedAt: Date }>(
      `select i.result, i.updated_at as "updatedAt" from request_items i join requests r on r.id = i.request_id
        where r.account_id = $1 and r.country_code = $2 and r.company_id = $3 and r.created_at >= $5
          and i.kind = 'document' and i.name = $4 and i.status = 'succeeded' and i.result is not null and i.updated_at >= $5
        order by i.updated_at desc limit 1`,
      [q.accountId, q.countryCode, q.companyId, q.documentId, q.since],
    );
    return row;
  }

  /** The account's latest request whose delivered graph holds this node: the root a continuation without `id` resumes. */
  async latestGraphHolding(accountId: string, nodeId: string): Promise<{ countryCode: string; companyId: string } | undefined> {
    const [row] = await this.db.query<{ countryCode: string; companyId: string }>(
      `select r.country_code as "countryCode", r.company_id as "companyId"
         from requests r join request_items i on i.request_id = r.id and i.kind = 'dataPoint' and i.name = 'graph'
        where r.account_id = $1 and i.status = 'succeeded' and i.result->'nodes' @> $2::jsonb
        order by r.created_at desc, r.id desc limit 1`,
      [accountId, JSON.stringify([{ nodeId }])],
    );
    return row;
  }

  async countAttempt(requestId: string, kind: ItemKind, name: string): Promise<void> {
    await this.db.query('update request_items set attempts = attempts + 1 where request_id = $1 and kind = $2 and name = $3', [
      requestId,
      kind,
      name,
    ]);
  }

  /** Records the enrichment's outcome once: false when one is already recorded. */
  async setEnrichment(tx: Queryable, requestId: string, enrichment: StoredEnrichment, now: Date): Promise<boolean> {
    const rows = await tx.query(
      'update requests set enrichment = $2::jsonb, updated_at = $3 where id = $1 and enrichment is null returning id',
      [requestId, json(enrichment), now],
    );
    return rows.length > 0;
  }

  /** The request as seen inside a transaction (after `lock`). */
  async requestIn(tx: Queryable, id: string): Promise<RequestRow | undefined> {
    const [row] = await tx.query<RequestRow>(`select ${REQUEST_COLUMNS} from requests where id = $1`, [id]);
    return row;
  }

  /** Requests that asked for enrichment, whose items have all settled, and whose enrichment has not run (a restart). */
  async awaitingEnrichment(): Promise<string[]> {
    const rows = await this.db.query<{ id: string }>(
      `select r.id from requests r
        where r.enrichment is null and r.options->>'agenticEnrichment' = 'true'
          and not exists (select 1 from request_items i where i.request_id = r.id and i.status in ('in_progress', 'enriching'))
        order by r.created_at`,
    );
    return rows.map((r) => r.id);
  }

  async setLegalName(requestId: string, legalName: string): Promise<void> {
    await this.db.query('update requests set company_legal_name = $2 where id = $1', [requestId, legalName]);
  }

  /**
   * Onboarding items still open although their request is older than `createdBefore`: the process that ran them
   * stopped before the deadline settled them (onboarding work lives only in that process).
   */
  async openOnboardingItems(createdBefore: Date): Promise<{ requestId: string; kind: ItemKind; name: string }[]> {
    return this.db.query(
      `select i.request_id as "requestId", i.kind, i.name from request_items i join requests r on r.id = i.request_id
        where r.mode = 'onboarding' and r.created_at < $1 and i.status in ('in_progress', 'enriching')
        order by r.created_at`,
      [createdBefore],
    );
  }

  /**
   * Verification items left open, e.g. by a process that stopped; they are resumed at start. A document that
   * arrived and waits only for its including block to settle (its result is stored) needs no new fetch.
   */
  async openVerificationItems(): Promise<{ requestId: string; kind: ItemKind; name: string }[]> {
    return this.db.query(
      `select i.request_id as "requestId", i.kind, i.name from request_items i join requests r on r.id = i.request_id
        where r.mode = 'verification' and i.status in ('in_progress', 'enriching')
          and not (i.kind = 'document' and i.result is not null)
        order by r.created_at`,
    );
  }

  /** The request's work is settled or handed to the job engine: no process needs to hold it any more. */
  async releaseLease(requestId: string, owner: string): Promise<void> {
    await this.db.query('update requests set lease_owner = null where id = $1 and lease_owner = $2', [requestId, owner]);
  }

  /**
   * Requests whose owner died before its work was settled or handed over: verification requests at once, onboarding
   * requests once created before `onboardingCreatedBefore` (their deadline has passed, so they settle as timed out).
   */
  async orphaned(onboardingCreatedBefore: Date, limit = 100): Promise<{ id: string; leaseOwner: string }[]> {
    return this.db.query(
      `select id, lease_owner as "leaseOwner" from requests
        where ${ownerIsDead('lease_owner')} and (mode <> 'onboarding' or created_at < $1)
        order by created_at limit $2`,
      [onboardingCreatedBefore, limit],
    );
  }

  /** Requests under `owner`'s lease created before `createdBefore`, oldest first. */
  async leasedBy(owner: string, createdBefore: Date, limit = 100): Promise<{ id: string }[]> {
    return this.db.query('select id from requests where lease_owner = $1 and created_at < $2 order by created_at limit $3', [
      owner,
      createdBefore,
      limit,
    ]);
  }

  /** Takes an orphaned request over from its dead owner; false when another process took it first. */
  async takeOver(requestId: string, from: string, to: string): Promise<boolean> {
    const rows = await this.db.query('update requests set lease_owner = $3 where id = $1 and lease_owner = $2 returning id', [
      requestId,
      from,
      to,
    ]);
    return rows.length > 0;
  }
}

/** A request with its items. */
export interface StoredRequest {
  request: RequestRow;
  items: ItemRow[];
}
type RequestWithItemsRow = RequestRow & { items: (Omit<ItemRow, 'updatedAt'> & { updatedAt: string })[] };

/**
 * A request and its items in one statement ($1); when $2 names the process holding its lease, the lease ends, under
 * `condition` too. The release is committed without waiting for the store's disk (`synchronous_commit` off for the
 * statement's transaction alone): see `get`.
 */
function readReleasing(condition: string): string {
  return `with released as (
      update requests set lease_owner = null
       where $2::text is not null and id = $1 and lease_owner = $2 ${condition}
         and set_config('synchronous_commit', 'off', true) is not null
       returning id
    )
    select ${REQUEST_COLUMNS},
           coalesce((select json_agg(i) from (select ${ITEM_COLUMNS} from request_items where request_id = $1 order by kind, name) i),
                    '[]') as items
      from requests where id = $1`;
}

function requestOfRows([row]: RequestWithItemsRow[]): StoredRequest | undefined {
  if (!row) return undefined;
  const { items, ...request } = row;
  return { request, items: itemsOfJson(items) };
}

/**
 * The answer an item's write read with it (`itemUpdatePart`'s `answer`), from the statement's row; undefined when the
 * write changed no item. Read through JSON: the timestamps are text there.
 */
export function answerOfRow(row: { answerRequest?: unknown; answerItems?: unknown }): StoredRequest | undefined {
  const request = row.answerRequest as (Omit<RequestRow, 'createdAt' | 'updatedAt'> & { createdAt: string; updatedAt: string }) | null;
  if (!request) return undefined;
  return {
    request: { ...request, createdAt: new Date(request.createdAt), updatedAt: new Date(request.updatedAt) },
    items: itemsOfJson(row.answerItems as RequestWithItemsRow['items']),
  };
}

/** Items read through json_agg: their timestamps are text there (and their int8 costs plain JSON numbers). */
function itemsOfJson(items: (Omit<ItemRow, 'updatedAt'> & { updatedAt: string })[]): ItemRow[] {
  return items.map((i) => ({ ...i, updatedAt: new Date(i.updatedAt) }));
}
