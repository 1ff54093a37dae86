import type { DataPoint } from '../contract/index.ts';
import type { BillingSettlement } from '../billing/settlement.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import type { RequestEvents } from './events.ts';
import { billedRequestOf, isOpen } from './settle.ts';
import type { Clock } from '../shared/clock.ts';
import type { Db, Queryable } from '../store/db.ts';
import type { RequestRepository } from '../requests/repository.ts';
import type { ItemRow, RequestRow, StoredEnrichment } from '../requests/types.ts';
import { runChecks } from '../enrichment/agentic/checks.ts';
import { deriveValues } from '../enrichment/agentic/derive.ts';
import type { EnrichmentInput } from '../enrichment/agentic/input.ts';
import { writeReport } from '../enrichment/agentic/report.ts';

export const ENRICHMENT_SOURCE = 'registrum agentic enrichment';

/**
 * The agentic enrichment step of a request that asked for it (`agenticEnrichment: true`): once every data point and
 * document has settled, it cross-checks the delivered data, fills values derivable from it, writes the report and
 * settles its billing, all in one transaction under the request's lock, so it runs once however many processes
 * see the last item settle, and a restart finds the requests it has not run yet.
 */
export class AgenticEnrichment {
  constructor(
    private readonly db: Db,
    private readonly requests: RequestRepository,
    private readonly registers: RegisterRegistry,
    private readonly billing: BillingSettlement,
    private readonly clock: Clock,
    private readonly events: RequestEvents,
  ) {}

  /** Runs the step if the request asked for it and nothing is left open; otherwise does nothing. */
  async afterSettle(request: Pick<RequestRow, 'id' | 'accountId' | 'options'>): Promise<void> {
    if (request.options.agenticEnrichment !== true) return;
    const done = await this.db.transaction(async (tx) => {
      await this.requests.lock(tx, request.id);
      const current = await this.requests.requestIn(tx, request.id);
      if (!current || current.enrichment) return false;
      const items = await this.requests.itemsOf(tx, request.id);
      if (items.some(isOpen)) return false;
      return this.run(tx, current, items);
    });
    if (done) this.events.requestUpdated(request.accountId, request.id);
  }

  /** Requests whose enrichment a stopped process did not get to. */
  async resume(): Promise<number> {
    const ids = await this.requests.awaitingEnrichment();
    for (const id of ids) {
      const found = await this.requests.get(id);
      if (found) await this.afterSettle(found.request);
    }
    return ids.length;
  }

  /** The enrichment's refusal at acceptance (it did not fit the budget): recorded with the request, it will not run. */
  refusal(reason: string): StoredEnrichment {
    return {
      report: `Agentic enrichment was not run: ${reason}. Nothing was charged for it.`,
      filled: [],
      findings: 0,
      cost: 0,
      completedAt: this.clock.now().toISOString(),
    };
  }

  private async run(tx: Queryable, request: RequestRow, items: ItemRow[]): Promise<boolean> {
    const register = this.registers.get(request.countryCode);
    const now = this.clock.now();
    const input = inputOf(request, items, register?.identifiers ?? [], now.toISOString().slice(0, 10));
    const checks = runChecks(input);
    const filled = deriveValues(input);
    const findings = checks.reduce((n, c) => n + c.findings.length, 0);
    const offer = register?.catalogue.agenticEnrichment;
    const billed = billedRequestOf(request, this.registers);
    let cost = 0;
    let billing: string;
    if (!offer || offer.price === 0) {
      billing = 'free for this register';
    } else if (filled.length + findings > 0) {
      const { outcome } = await this.billing.capture(tx, billed, offer.sku);
      if (outcome === 'awaiting' || !('cost' in outcome)) {
        billing = `not charged: ${outcome === 'awaiting' ? 'pending' : outcome.refusal.message}`;
      } else {
        cost = outcome.cost;
        billing =
          cost > 0
            ? `${cost} credit cents (${offer.sku}), because it added ${describeAdded(filled.length, findings)}`
            : `0 credit cents: the same enrichment of this company was charged within the last 24 hours (${offer.sku}, deduplicated)`;
      }
    } else {
      await this.billing.release(tx, billed, offer.sku);
      billing = `not charged (${offer.sku} is charged only when the enrichment adds a value or a finding)`;
    }
    const completedAt = now.toISOString();
    const report = writeReport({
      countryCode: request.countryCode,
      companyId: request.companyId,
      ...(input.company?.legalName ? { legalName: input.company.legalName } : {}),
      completedAt,
      delivered: items.filter((i) => i.status === 'succeeded' && i.kind === 'dataPoint').map((i) => i.name),
      checks,
      filled,
      billing,
    });
    const stored: StoredEnrichment = { report, filled: filled.map((f) => ({ ...f })), findings, cost, completedAt };
    return this.requests.setEnrichment(tx, request.id, stored, now);
  }
}

const describeAdded = (values: number, findings: number) =>
  [values ? `${values} value${values === 1 ? '' : 's'}` : '', findings ? `${findings} finding${findings === 1 ? '' : 's'}` : '']
    .filter(Boolean)
    .join(' and ');

/** The delivered blocks of a request, as the checks read them. */
function inputOf(request: RequestRow, items: ItemRow[], identifiers: EnrichmentInput['identifiers'], today: string): EnrichmentInput {
  const input: EnrichmentInput = { countryCode: request.countryCode, companyId: request.companyId, identifiers, today };
  for (const item of items) {
    if (item.kind !== 'dataPoint' || item.status !== 'succeeded' || item.result == null) continue;
    const name = item.name as DataPoint;
    if (name === 'company' || name === 'companyProfile') {
      const data = item.result as { company: EnrichmentInput['company']; companyRelationships?: EnrichmentInput['companyRelationships'] };
      input.company = data.company;
      if (data.companyRelationships) input.companyRelationships = data.companyRelationships;
    } else if (
      name === 'legalRepresentatives' ||
      name === 'otherKeyPersons' ||
      name === 'shareholders' ||
      name === 'subsidiaries' ||
      name === 'ultimateBeneficialOwners' ||
      name === 'establishments'
    ) {
      (input as unknown as Record<string, unknown>)[name] = item.result;
    }
  }
  return input;
}
