import { chargedWithin, type KnownEvent, knownEventOf } from '../billing/dedup.ts';
import type { Ledger } from '../billing/ledger.ts';
import { billingEvent } from '../billing/settlement.ts';
import { blockFor, type Catalogue } from '../registers/catalogue.ts';
import type { Db, Queryable } from '../store/db.ts';
import type { BillingRepository } from '../billing/repository/events.ts';
import type { BillingSubject } from '../billing/types.ts';
import type { GraphExpansionRepository, GraphExpansionRow } from './repository.ts';
import type { RequestRepository } from '../requests/repository.ts';
import type { RequestRow } from '../requests/types.ts';
import type { Clock } from '../shared/clock.ts';
import type { CompanyRef } from './nodes.ts';
import type { MoneyStop, RoomLeft } from './spending.ts';

/** The block an expansion is billed under: the shareholders block of the company's register, in verification mode. */
export interface ShareholdersBlock {
  sku: string;
  price: number;
  dedupWindow: number;
  authoritative: { onboarding: boolean; verification: boolean };
}

/** Undefined when the register's catalogue does not offer shareholders in verification mode: a dead end. */
export function shareholdersBlock(catalogue: Catalogue): ShareholdersBlock | undefined {
  const block = blockFor(catalogue, 'shareholders');
  const price = block?.modes.verification;
  if (!block || price === null || price === undefined) return undefined;
  return { sku: block.sku, price, dedupWindow: block.dedupWindow, authoritative: block.authoritative };
}

/** The spend caps of a graph request (spec §4.2), as the request stored them. */
export function graphBudgetsOf(request: Pick<RequestRow, 'options'>): { graphMaxBudget?: number; maxBudget?: number } {
  const { graphMaxBudget, maxBudget } = request.options;
  return {
    ...(typeof graphMaxBudget === 'number' ? { graphMaxBudget } : {}),
    ...(typeof maxBudget === 'number' ? { maxBudget } : {}),
  };
}

export type RecordOutcome = { row: GraphExpansionRow } | { refusal: MoneyStop };

/**
 * Bills the graph's expansions (README.md, "Billing"): each is the shareholders block of the expanded company,
 * priced by that company's register, deduplicated for 24 hours (the block's window) against every earlier
 * charge of that block for that company and account, under the same advisory lock as other charges. An
 * expansion is stored together with its billing event and ledger entry in one transaction, keyed by request and
 * node: a task run again finds it and neither fetches nor charges it a second time.
 */
export class GraphBilling {
  constructor(
    private readonly db: Db,
    private readonly repo: BillingRepository,
    private readonly ledger: Ledger,
    private readonly expansions: GraphExpansionRepository,
    private readonly requests: RequestRepository,
    private readonly clock: Clock,
  ) {}

  /** What expanding the company would cost now: 0 when free, deduplicated, or covered by the request's own block. */
  async estimate(req: RequestRow, company: CompanyRef, block: ShareholdersBlock): Promise<number> {
    if (block.price === 0 || (await this.coveredByRequest(this.db, req, company, block))) return 0;
    return (await this.priorCharge(this.db, req, company, block)) ? 0 : block.price;
  }

  /** What is left of each limit for the graph, as it (re)starts. */
  async roomLeft(req: RequestRow): Promise<RoomLeft> {
    const { graphMaxBudget, maxBudget } = graphBudgetsOf(req);
    return {
      ...(graphMaxBudget !== undefined ? { graphMaxBudget: graphMaxBudget - (await this.expansions.spent(this.db, req.id)) } : {}),
      ...(maxBudget !== undefined ? { maxBudget: maxBudget - (await this.committed(this.db, req.id)) } : {}),
      balance: await this.ledger.balance(req.accountId),
    };
  }

  /**
   * Stores an expansion with its charge, once. Under the request's row lock: when the node is stored already (a
   * concurrent run of the same task), that row is returned and nothing is charged. A charge that the budgets or
   * the balance no longer allow is refused and nothing is stored.
   */
  async record(req: RequestRow, company: CompanyRef, data: unknown, block: ShareholdersBlock | undefined): Promise<RecordOutcome> {
    return this.db.transaction(async (tx) => {
      await this.requests.lock(tx, req.id);
      const existing = await this.expansions.get(tx, req.id, company.nodeId);
      if (existing) return { row: existing };
      const charge = await this.charge(tx, req, company, block);
      if ('refusal' in charge) return charge;
      const row: GraphExpansionRow = {
        requestId: req.id,
        nodeId: company.nodeId,
        countryCode: company.countryCode,
        companyId: company.companyId,
        data,
        sku: block?.sku ?? null,
        cost: charge.cost,
        billingEventId: charge.eventId,
        createdAt: this.clock.now(),
      };
      await this.expansions.insert(tx, row);
      return { row };
    });
  }

  private async charge(
    tx: Queryable,
    req: RequestRow,
    company: CompanyRef,
    block: ShareholdersBlock | undefined,
  ): Promise<{ cost: number; eventId: string | null } | { refusal: MoneyStop }> {
    if (!block || block.price === 0 || (await this.coveredByRequest(tx, req, company, block))) return { cost: 0, eventId: null };
    const subject = this.subjectOf(req, company);
    await this.repo.lockUnit(tx, subject, block.sku);
    const prior = await this.priorCharge(tx, req, company, block);
    if (prior) return { cost: 0, eventId: await this.insertEvent(tx, req, subject, block.sku, 'deduplicated', 0, prior.id) };
    const refusal = await this.refusalOf(tx, req, block.price);
    if (refusal) return { refusal };
    const eventId = await this.insertEvent(tx, req, subject, block.sku, 'charged', block.price, null);
    await this.ledger.record(tx, req.accountId, -block.price, 'charge', eventId);
    // Booked as a settled unit of the request, so that every maxBudget check (documents' too) sees the graph's spend.
    const unitKey = `graph:${company.nodeId}`;
    const now = this.clock.now();
    await this.repo.insertReservation(tx, {
      requestId: req.id,
      unitKey,
      accountId: req.accountId,
      kind: 'dataBlock',
      sku: block.sku,
      documentId: null,
      price: block.price,
      reserved: 0,
      state: 'captured',
      createdAt: now,
    });
    await this.repo.updateReservation(tx, req.id, unitKey, { state: 'captured', charged: block.price, eventId, settledAt: now });
    return { cost: block.price, eventId };
  }

  /** The limit a new charge would break, checked on committed data under the locks. */
  private async refusalOf(tx: Queryable, req: RequestRow, price: number): Promise<MoneyStop | undefined> {
    const { graphMaxBudget, maxBudget } = graphBudgetsOf(req);
    if (graphMaxBudget !== undefined && (await this.expansions.spent(tx, req.id)) + price > graphMaxBudget) return 'graph_budget';
    if (maxBudget !== undefined && (await this.committed(tx, req.id)) + price > maxBudget) return 'max_budget';
    await this.repo.lockAccount(tx, req.accountId);
    return (await this.ledger.balance(req.accountId, tx)) < price ? 'insufficient_funds' : undefined;
  }

  /** What the request has committed: held for units in flight, charged for settled ones (the graph's included). */
  private async committed(q: Queryable, requestId: string): Promise<number> {
    const rows = await this.repo.reservationsOf(q, requestId);
    return rows.reduce((sum, r) => sum + (r.state === 'captured' ? r.charged : r.state === 'released' ? 0 : r.reserved), 0);
  }

  /**
   * The requested company's shareholders block, when the request itself holds it (shareholders or subsidiaries
   * asked beside the graph): that unit is billed by the request's own item, once; the graph adds nothing.
   */
  private async coveredByRequest(q: Queryable, req: RequestRow, company: CompanyRef, block: ShareholdersBlock): Promise<boolean> {
    if (company.countryCode !== req.countryCode || company.companyId !== req.companyId) return false;
    return (await this.repo.reservationsOf(q, req.id)).some((r) => r.unitKey === block.sku && r.state !== 'released');
  }

  private async priorCharge(q: Queryable, req: RequestRow, company: CompanyRef, block: ShareholdersBlock): Promise<KnownEvent | undefined> {
    const rows = await this.repo.eventsOf(
      q,
      this.subjectOf(req, company),
      [{ unitKey: block.sku, windowMs: block.dedupWindow }],
      req.createdAt.getTime(),
    );
    const events = rows.map(knownEventOf);
    // The graph retrieves in verification mode: an onboarding charge covers it only where the catalogue says so.
    return chargedWithin(events, block.sku, req.createdAt.getTime(), block.dedupWindow, { mode: 'verification', block });
  }

  private subjectOf(req: RequestRow, company: CompanyRef): BillingSubject {
    return { accountId: req.accountId, countryCode: company.countryCode, companyId: company.companyId };
  }

  private async insertEvent(
    tx: Queryable,
    req: RequestRow,
    subject: BillingSubject,
    sku: string,
    status: 'charged' | 'deduplicated',
    amount: number,
    linkedEventId: string | null,
  ): Promise<string> {
    const unit = { kind: 'dataBlock' as const, sku, documentId: null, unitKey: sku };
    const event = billingEvent(req, subject, unit, { amount, status, linkedEventId }, this.clock.now());
    await this.repo.insertEvent(tx, event);
    return event.id;
  }
}
