import type { BillingSettlement } from '../billing/settlement.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import { answerOfRow, type RequestRepository } from '../requests/repository.ts';
import { itemUpdatePart, openItemPart, type RequestNotes } from '../requests/statement-parts.ts';
import type { ItemKind, RequestRow } from '../requests/types.ts';
import type { Clock } from '../shared/clock.ts';
import type { BilledRequest, ForeseenUnit } from '../billing/settlement-types.ts';
import { CommitGroups } from '../store/commit-groups.ts';
import type { Db, Queryable } from '../store/db.ts';
import { combineParts } from '../store/statement.ts';
import type { RequestEvents } from './events.ts';
import { billedRequestOf, isOpen, succeededPatch, type Delivery, type ForeseenSettlement } from './settle.ts';
import type { SettledAnswers } from './settled-answers.ts';

/**
 * How long a delivered foreseen data point waits for the others of its request, to settle with them in one transaction
 * (one commit, one round trip), unless one of them settles otherwise first (`settleWaiting`). Its caller waits for all
 * of them anyway, so the wait delays no answer: a register that answers every call at once delivers them within a few
 * milliseconds (tens on a loaded machine), and one that takes seconds settles each on its own, as before.
 */
const FORESEEN_WAIT_MS = 100;

/** A delivered data point whose settlement its accept foresaw, waiting to settle with others of its request. */
interface ForeseenDelivery {
  name: string;
  unit: ForeseenUnit;
  delivery: Omit<Delivery, 'legalName'>;
  legalName: string | undefined;
  /** Whether its statement wrote (false: it is to be settled the usual way). */
  resolve(written: boolean): void;
  reject(err: unknown): void;
}

/** Delivered foreseen data points of one request waiting to settle together, and what settles them. */
interface Gathering {
  batch: ForeseenDelivery[];
  settle(): Promise<void>;
}

/** A request's gathering closed, ready to settle (alone, or with other requests' in one transaction). */
interface ReadyGathering {
  request: RequestRow;
  leaseOwner: string | null;
  batch: readonly ForeseenDelivery[];
}

/** What a request's statements in a settlement's transaction wrote (undefined: that statement wrote nothing). */
interface SettledRequest {
  rows: ({ row: Record<string, unknown>; committed(): void } | undefined)[];
  /** Whether the account has webhook listeners, as read with the answer. */
  listened: boolean | undefined;
}

/**
 * Transactions of requests' foreseen settlements in flight at once (CommitGroups): a request's settlement that finds
 * this many waits and settles with the others that came meanwhile, in one transaction (on the embedded store, one
 * message to its thread, run as one implicit transaction: store/pglite.ts).
 */
const SETTLEMENTS_IN_FLIGHT = 2;
/** Requests settled together at most: the transaction's locks are held while its statements run. */
const MAX_REQUESTS_PER_SETTLEMENT = 32;

/** What ForeseenSettler works with: ItemSettler's own. */
export interface ForeseenSettlerDeps {
  db: Db;
  requests: RequestRepository;
  registers: RegisterRegistry;
  billing: BillingSettlement;
  clock: Clock;
  events: RequestEvents;
  /** Runs after outcomes are recorded (ItemSettler's). */
  afterSettle: (request: RequestRow) => Promise<void>;
  /** The waiting callers, what their accepts foresaw, and where their answers go. */
  answers: SettledAnswers;
}

/**
 * The settlement an accept foresaw (ForeseenItems): a delivered data point charged or deduplicated by the one statement
 * that writes its item and reads the answer, the data points of one request delivered together in one transaction.
 * Anything else it declines, and ItemSettler settles the usual way.
 */
export class ForeseenSettler implements ForeseenSettlement {
  /** Settlements of concurrent requests written together (SETTLEMENTS_IN_FLIGHT). */
  private readonly groups: CommitGroups<ReadyGathering>;

  constructor(private readonly deps: ForeseenSettlerDeps) {
    this.groups = new CommitGroups((readies) => this.settleGroup(readies), SETTLEMENTS_IN_FLIGHT, MAX_REQUESTS_PER_SETTLEMENT);
  }

  /** Foreseen data points delivered and waiting for their request's others (FORESEEN_WAIT_MS at most), by request. */
  private readonly together = new Map<string, Gathering>();

  /**
   * A data point whose block's settlement its accept foresaw (ForeseenItems), delivered while its caller waits: charged
   * or deduplicated, written and answered by one statement, without the read of the request's items `settle` starts
   * with; the answer goes to the caller when it shows nothing open. It waits for the request's other foreseen data
   * points (FORESEEN_WAIT_MS at most) and settles with those delivered meanwhile (settleTogether).
   * False, with nothing written, when that does not apply or what the accept knew no longer holds (another request
   * charged the unit since, or the item was settled otherwise): the usual settlement follows.
   */
  succeed(request: RequestRow, kind: ItemKind, names: readonly string[], delivered: Delivery): Promise<boolean> {
    const { legalName, ...delivery } = delivered;
    const waiting = this.deps.answers.waiting(request.id);
    const name = names.length === 1 ? names[0]! : undefined;
    const unit = name === undefined ? undefined : waiting?.foreseen?.get(name);
    if (!waiting || !unit || name === undefined || kind !== 'dataPoint') return Promise.resolve(false);
    if (delivery.uncharged || request.options.agenticEnrichment === true) {
      // Settled the usual way: those waiting for it settle now.
      return this.settleWaiting(request.id).then(() => false);
    }
    // The last foreseen data point of the request: the others delivered meanwhile settle with it, at once.
    const last = this.deps.answers.arrive(request.id, name);
    return new Promise<boolean>((resolve, reject) => {
      const together = this.together.get(request.id) ?? this.gather(request, waiting.leaseOwner, last);
      together.batch.push({ name, unit, delivery, legalName, resolve, reject });
      if (last) void together.settle();
    });
  }

  /**
   * A new gathering of the request's delivered foreseen data points: settled together by `settle` (once, whoever calls
   * it first), or when FORESEEN_WAIT_MS have passed; `last`: its first delivery is the last expected, no wait.
   */
  private gather(request: RequestRow, leaseOwner: string | null, last: boolean): Gathering {
    const batch: ForeseenDelivery[] = [];
    let settling: Promise<void> | undefined;
    const timer = last ? undefined : setTimeout(() => void settle(), FORESEEN_WAIT_MS);
    const settle = () => {
      if (settling) return settling;
      clearTimeout(timer);
      this.together.delete(request.id);
      const ready = { request, leaseOwner, batch };
      settling = this.groups.add(ready).catch((err: unknown) => {
        for (const d of batch) d.reject(err);
      });
      return settling;
    };
    const gathering = { batch, settle };
    this.together.set(request.id, gathering);
    return gathering;
  }

  /**
   * A data point of the request settles otherwise (it failed, its deadline passed, or it is settled the usual way):
   * the foreseen ones delivered and waiting for it settle now, and have when this resolves (a deadline's failure then
   * finds a delivered item settled, and changes nothing).
   */
  settleWaiting(requestId: string): Promise<void> {
    return this.together.get(requestId)?.settle() ?? Promise.resolve();
  }

  /**
   * Foreseen data points of one request or more (CommitGroups) settled in one transaction and one round trip: the
   * requests' locks with the locks of the units to charge, then a statement per data point
   * (BillingSettlement.settleForeseen), each written only while what its accept knew holds; all but the last go with it
   * (Queryable.queryWithNext), and the last commits the transaction. The last of each request reads its answer. Each
   * delivery hears whether its statement wrote. When the transaction of several requests fails, each settles on its
   * own, so that one request's failure is not the others'.
   */
  private async settleGroup(group: readonly ReadyGathering[]): Promise<void> {
    // In the order of their accounts, whose rows a settlement may update: two transactions never wait for each other.
    const readies = [...group].sort((a, b) =>
      a.request.accountId < b.request.accountId ? -1 : a.request.accountId > b.request.accountId ? 1 : 0,
    );
    const billed = readies.map((r) => billedRequestOf(r.request, this.deps.registers));
    let settled: SettledRequest[];
    try {
      settled = await this.deps.db.transaction(async (tx) => {
        // A charge is decided under the unit's lock; a deduplication against a charge found needs none.
        const lockKeys = readies.flatMap((r, k) =>
          r.batch.flatMap((d) => (d.unit.expect === 'charge' ? (this.deps.billing.unitLockKey(billed[k]!, d.unit.unitKey) ?? []) : [])),
        );
        const ids = readies.map((r) => r.request.id);
        await this.deps.requests.lock(tx, ids.length === 1 ? ids[0]! : ids, lockKeys);
        // Every statement is sent before any is awaited: each but the last waits for the one after it.
        const statements = readies.map((r, k) => this.statementsOf(tx, r, billed[k]!, k === readies.length - 1));
        return Promise.all(statements);
      });
    } catch (err) {
      if (readies.length === 1) throw err;
      await Promise.all(readies.map((r) => this.settleGroup([r]).catch((e: unknown) => r.batch.forEach((d) => d.reject(e)))));
      return;
    }
    await Promise.all(readies.map((r, k) => this.afterCommit(r, settled[k]!).catch((e: unknown) => r.batch.forEach((d) => d.reject(e)))));
  }

  /**
   * The statements of one request's data points in a transaction (settleGroup), the last reading the request's answer
   * and its account's webhook listeners; `commits`: its last statement commits the transaction.
   */
  private async statementsOf(tx: Queryable, ready: ReadyGathering, billed: BilledRequest, commits: boolean): Promise<SettledRequest> {
    const { request, leaseOwner, batch } = ready;
    const listeners = this.deps.events.listenersPart?.(request.accountId);
    const statements = batch.map((d, i) => {
      const last = i === batch.length - 1;
      const notes: RequestNotes = { legalName: d.legalName, leaseOwner: leaseOwner ?? undefined };
      const item = ({ cost }: { cost: number }, onlyIf: string) =>
        combineParts([
          itemUpdatePart(request.id, 'dataPoint', d.name, succeededPatch(d.delivery, cost, true), this.deps.clock.now(), notes, {
            answer: last,
            onlyIf,
          }),
          ...(last && listeners ? [(offset: number) => ({ ...listeners.with(offset), select: listeners.select })] : []),
        ]);
      const guard = {
        part: openItemPart(request.id, 'dataPoint', d.name, 'foreseen_item'),
        holds: 'exists (select 1 from foreseen_item)',
      };
      const commitsHere = last && commits;
      const sentWithNext = !commitsHere && tx.queryWithNext ? { query: tx.queryWithNext.bind(tx) } : tx;
      return this.deps.billing.settleForeseen(sentWithNext, billed, d.unit, item, guard, { commits: commitsHere });
    });
    const rows = await Promise.all(statements);
    const lastRow = rows[rows.length - 1];
    return { rows, listened: lastRow ? listeners?.read(lastRow.row) : undefined };
  }

  /** What follows a request's settlement's commit: its answer to its caller, its events, and each delivery's outcome. */
  private async afterCommit({ request, batch }: ReadyGathering, { rows, listened }: SettledRequest): Promise<void> {
    for (const s of rows) s?.committed();
    const answer = rows[rows.length - 1] && answerOfRow(rows[rows.length - 1]!.row);
    if (answer && !answer.items.some(isOpen)) this.deps.answers.offer(request.id, Promise.resolve(answer));
    if (rows.some((s) => s !== undefined)) {
      this.deps.events.requestUpdated(request.accountId, request.id, listened);
      await this.deps.afterSettle(request);
    }
    batch.forEach((d, i) => d.resolve(rows[i] !== undefined));
  }
}
