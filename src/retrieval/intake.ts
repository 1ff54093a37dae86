import type { DataPoint, Mode } from '../contract/index.ts';
import type { Quote, RefusedUnit } from '../billing/quote.ts';
import { documentUnitKey } from '../billing/units.ts';
import type { Register } from '../registers/contract.ts';
import { blockFor, documentFor } from '../registers/catalogue.ts';
import { RegisterError } from '../registers/errors.ts';
import type { ItemRow } from '../requests/types.ts';
import type { Plan, Task } from './plan.ts';
import type { ForeseenItems } from './settled-answers.ts';
import type { ForeseenUnit } from '../billing/settlement-types.ts';
import { failureOf, type ItemFailure } from './runner.ts';

export interface DocumentPricing {
  /** Catalogue type of each document that can be sold. */
  types: Map<string, string>;
  /** Documents that fail before any work: unknown to the register, or of a type the catalogue does not sell. */
  failures: Map<string, ItemFailure>;
}

/** Finds the catalogue type of each requested document, without calling the register's remote service. */
export async function priceDocuments(register: Register, companyId: string, documentIds: readonly string[]): Promise<DocumentPricing> {
  const pricing: DocumentPricing = { types: new Map(), failures: new Map() };
  const source = register.catalogue.register;
  for (const documentId of documentIds) {
    if (!register.documentType) {
      pricing.failures.set(documentId, {
        code: 'datapoint_not_supported',
        message: `${register.countryCode} does not sell documents`,
        retryable: false,
        source,
      });
      continue;
    }
    let type: string | undefined;
    try {
      type = await register.documentType(companyId, documentId);
    } catch (err) {
      if (!(err instanceof RegisterError)) throw err;
      pricing.failures.set(documentId, failureOf(err, source));
      continue;
    }
    if (type === undefined) {
      pricing.failures.set(documentId, {
        code: 'resource_not_found',
        message: `${documentId} is not a document of ${register.countryCode} company ${companyId}; request availableDocuments for the ids`,
        retryable: false,
        source,
      });
    } else if (!documentFor(register.catalogue, type)) {
      pricing.failures.set(documentId, {
        code: 'datapoint_not_supported',
        message: `documents of type ${type} have no price in the ${register.countryCode} catalogue`,
        retryable: false,
        source,
      });
    } else {
      pricing.types.set(documentId, type);
    }
  }
  return pricing;
}

type NewItem = Omit<ItemRow, 'updatedAt'>;

/**
 * The items of an accepted request, each open or already failed (not supported, not priced, over budget),
 * and the tasks left to run: only those with an open item.
 */
export function intake(
  requestId: string,
  register: Register,
  mode: Mode,
  plan: Plan,
  pricing: DocumentPricing,
  quote: Quote,
): { items: NewItem[]; tasks: Task[] } {
  const refusedBlocks = new Map<string, RefusedUnit>();
  const refusedDocs = new Map<string, RefusedUnit>();
  for (const r of quote.refused) {
    if (r.documentId !== undefined) refusedDocs.set(r.documentId, r);
    else refusedBlocks.set(r.sku, r);
  }
  const billed = new Set(quote.units.map((u) => u.unitKey));
  const unitOf = (key: string | undefined) => (key !== undefined && billed.has(key) ? key : null);

  const items: NewItem[] = [
    ...plan.dataPoints.map((dp) => {
      const sku = blockFor(register.catalogue, dp)?.sku;
      if (plan.unsupported.includes(dp)) {
        return item(requestId, 'dataPoint', dp, null, {
          code: 'datapoint_not_supported',
          message: plan.notAuthoritative.includes(dp)
            ? `${dp} has no authoritative source for ${register.countryCode} in ${mode} mode, and the request asked for authoritative sources only`
            : `${dp} is not available for ${register.countryCode} in ${mode} mode`,
          retryable: false,
        });
      }
      const refused = sku === undefined ? undefined : refusedBlocks.get(sku);
      return item(requestId, 'dataPoint', dp, unitOf(sku), refused && overBudget(refused));
    }),
    ...plan.documents.map((doc) => {
      const refused = refusedDocs.get(doc);
      return item(requestId, 'document', doc, unitOf(documentUnitKey(doc)), pricing.failures.get(doc) ?? (refused && overBudget(refused)));
    }),
  ];
  const open = (kind: 'dataPoint' | 'document', name: string) =>
    items.some((i) => i.kind === kind && i.name === name && i.status === 'in_progress');
  const tasks: Task[] = [];
  for (const task of plan.tasks) {
    if (task.kind === 'document') {
      if (open('document', task.documentId)) tasks.push(task);
      continue;
    }
    const runnable = task.items.filter((dp: DataPoint) => open('dataPoint', dp));
    if (runnable.length) tasks.push({ ...task, items: runnable });
  }
  return { items, tasks };
}

/**
 * The accepted request's open data points whose blocks' settlements the quote foresaw (ForeseenUnit): held at their
 * price as expected charges, or expected deduplicated against a charge the quote found; each the only item of its
 * block, when the request has no document (a block's settlement may settle the documents it includes). What their
 * settlements may write in one statement (ForeseenItems).
 */
export function foreseenItemsOf(items: readonly NewItem[], quote: Quote): ForeseenItems | undefined {
  if (items.some((i) => i.kind === 'document')) return undefined;
  const foreseen = new Map<string, ForeseenUnit>();
  for (const item of items) {
    if (item.status !== 'in_progress' || item.billingUnit === null) continue;
    if (items.filter((i) => i.billingUnit === item.billingUnit).length !== 1) continue;
    const unit = quote.units.find((u) => u.unitKey === item.billingUnit);
    if (unit?.kind !== 'dataBlock') continue;
    const { unitKey, sku, price, reserved } = unit;
    if (unit.expect === 'charge' && price <= reserved) foreseen.set(item.name, { unitKey, sku, price, reserved, expect: 'charge' });
    if (unit.expect === 'deduplicated' && unit.coveredBy !== undefined) {
      foreseen.set(item.name, { unitKey, sku, price, reserved, expect: 'deduplicated', chargeId: unit.coveredBy });
    }
  }
  return foreseen.size > 0 ? foreseen : undefined;
}

function overBudget(refused: RefusedUnit): ItemFailure {
  const what = refused.documentId ? `document ${refused.documentId}` : `block ${refused.sku}`;
  return {
    code: 'budget_exceeded',
    message: `${what} costs ${refused.cost} credit cents, more than ${refused.cap} leaves for it`,
    retryable: false,
    cost: refused.cost,
  };
}

function item(requestId: string, kind: 'dataPoint' | 'document', name: string, billingUnit: string | null, failure?: ItemFailure): NewItem {
  return {
    requestId,
    kind,
    name,
    status: failure ? 'failed' : 'in_progress',
    authoritative: null,
    cost: 0,
    error: failure ? { ...failure } : null,
    result: undefined,
    source: undefined,
    attempts: 0,
    billingUnit: failure ? null : billingUnit,
  };
}
