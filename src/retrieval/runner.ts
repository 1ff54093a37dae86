import type { DataPoint } from '../contract/index.ts';
import type { Register } from '../registers/contract.ts';
import { blockFor } from '../registers/catalogue.ts';
import { RegisterError } from '../registers/errors.ts';
import { isStoreConnectionFailure } from '../store/errors.ts';
import type { RequestRepository } from '../requests/repository.ts';
import type { RequestRow } from '../requests/types.ts';
import type { DocumentFiles } from '../documents/files.ts';
import type { Graph } from '../contract/index.ts';
import type { GraphService } from '../graph/service.ts';
import type { Task } from './plan.ts';
import { isOpen, type ItemFailure, type ItemSettler } from './settle.ts';
import { applyCompanySteps, type CompanyStep } from './company-steps.ts';
import type { Fetched, RetrievedDocument } from '../registers/contract.ts';
import type { FastCache } from './fast-cache.ts';

export type { ItemFailure } from './settle.ts';

export function failureOf(err: unknown, source: string): ItemFailure {
  if (err instanceof RegisterError) {
    const code = err.code === 'invalid_request' ? 'processing_failed' : err.code;
    return { code, message: err.message, retryable: err.retryable, source: err.source ?? source };
  }
  if (isStoreConnectionFailure(err)) {
    // The register answered; what broke is the store's connection while the outcome was being written, which may or
    // may not have landed. Retryable: a retry settles the item, or finds it settled, on another connection.
    return {
      code: 'service_unavailable',
      message: 'the outcome could not be recorded: the connection to the store broke',
      retryable: true,
      source,
    };
  }
  return { code: 'processing_failed', message: 'the register answer could not be processed', retryable: false, source };
}

/**
 * Runs one attempt of a task against its register and records the outcome on the request's items, with its
 * billing (ItemSettler). Used by both modes: onboarding wraps it in a deadline, verification in retries.
 */
export class TaskRunner {
  constructor(
    private readonly settler: ItemSettler,
    private readonly requests: RequestRepository,
    private readonly files: DocumentFiles,
    private readonly graphs: GraphService,
    /** Completes the `company` block from other sources (tax-ID verification, derivations). */
    private readonly companySteps: readonly CompanyStep[] = [],
    /** Serves `fast` requests from recent retrievals of the same company. */
    private readonly fastCache?: FastCache,
  ) {}

  /** One attempt; throws the register's error, records nothing on failure (the caller decides). */
  async attempt(register: Register, request: RequestRow, task: Task, signal: AbortSignal): Promise<void> {
    const ctx = { mode: request.mode, signal, ...(request.options.includeFormerOfficers === true ? { includeFormerOfficers: true } : {}) };
    if (task.kind === 'document') {
      // Delivered meanwhile from a data point's download (deliverDownloaded): no second register call.
      if (!(await this.documentOpen(request, task.documentId))) return;
      const reused = await this.fastCache?.lookupDocument(register, request, task.documentId);
      if (reused) {
        await this.settler.succeed(request, 'document', [task.documentId], reused);
        return;
      }
      await this.deliverDocument(request, await register.fetchDocument(request.companyId, task.documentId, ctx), task.documentId);
      return;
    }
    if (task.fetch === 'graph') {
      await this.settleGraph(register, request, task.items, await this.graphs.build(request, register, ctx));
      return;
    }
    const cached = await this.fastCache?.lookup(register, request, task.fetch);
    if (cached) {
      const legalName = task.fetch === 'company' ? legalNameOf(cached.data) : undefined;
      await this.settleDataPoints(register, request, task.items, cached.data, cached.source, 0, cached.uncharged, legalName);
      return;
    }
    let fetched = await register.fetch(task.fetch, request.companyId, ctx);
    const downloaded = fetched.documents ?? [];
    if (task.fetch === 'company') {
      fetched = await applyCompanySteps(this.companySteps, fetched as Fetched<'company'>, {
        countryCode: request.countryCode,
        companyId: request.companyId,
        ...ctx,
      });
    }
    const legalName = task.fetch === 'company' ? legalNameOf(fetched.data) : undefined;
    // Before the data points: a document's job that finds them settled runs at once (verification), so the document
    // must be delivered by then, or that job downloads it a second time.
    await this.deliverDownloaded(request, downloaded);
    await this.settleDataPoints(register, request, task.items, fetched.data, fetched.source, 0, fetched.uncharged, legalName);
  }

  /**
   * Documents the fetch downloaded anyway (CN: the report a profile is read from) that this request also asked for
   * are delivered from those bytes: the document's own task then finds its item delivered and calls no register.
   * Billed as any document: one included in the block being settled waits for it (`awaiting`, in progress with its
   * result kept) and costs 0 once the block is charged.
   */
  private async deliverDownloaded(request: RequestRow, documents: readonly RetrievedDocument[]): Promise<void> {
    for (const doc of documents) {
      if (await this.documentOpen(request, doc.item.id)) await this.deliverDocument(request, doc);
    }
  }

  /** Not yet delivered: open, and no result kept (a delivered document can stay open, awaiting its block's price). */
  private async documentOpen(request: RequestRow, documentId: string): Promise<boolean> {
    const items = (await this.requests.get(request.id))?.items ?? [];
    return items.some((i) => i.kind === 'document' && i.name === documentId && isOpen(i) && i.result == null);
  }

  /** Keeps a retrieved document's bytes (signed URLs serve them) and settles its item. */
  private async deliverDocument(request: RequestRow, doc: RetrievedDocument, name = doc.item.id): Promise<void> {
    const fileId = await this.files.save({
      accountId: request.accountId,
      countryCode: request.countryCode,
      companyId: request.companyId,
      documentId: name,
      contentType: doc.contentType,
      content: doc.content,
    });
    await this.settler.succeed(request, 'document', [name], { result: { ...doc.item, fileId } });
  }

  async fail(request: RequestRow, task: Task, failure: ItemFailure): Promise<void> {
    if (task.kind === 'dataPoint' && task.fetch === 'graph') {
      // What earlier attempts fetched is paid for: it is delivered, with the rest left for a later request.
      const salvaged = await this.graphs.salvage(request);
      if (salvaged) return this.settleGraph(salvaged.register, request, task.items, salvaged.graph);
    }
    if (task.kind === 'document') await this.settler.fail(request, 'document', [task.documentId], failure);
    else await this.settler.fail(request, 'dataPoint', task.items, failure);
  }

  /** The graph's cost is what its expansions charged, each a billing event of its own. */
  private async settleGraph(register: Register, request: RequestRow, items: DataPoint[], graph: Graph): Promise<void> {
    const rootName = graph.nodes.find((n) => n.flags?.isRoot)?.company?.legalName;
    if (rootName && !request.companyLegalName) await this.requests.setLegalName(request.id, rootName);
    await this.settleDataPoints(register, request, items, graph, undefined, graph.metadata?.amountSpent ?? 0);
  }

  /** Data points of one fetch settle per block: together when they share one (one charge, one flag). */
  private async settleDataPoints(
    register: Register,
    request: RequestRow,
    items: DataPoint[],
    result: unknown,
    source: unknown,
    chargedAlready = 0,
    uncharged?: true,
    legalName?: string,
  ) {
    const byBlock = new Map<string | undefined, DataPoint[]>();
    for (const dp of items) {
      const sku = blockFor(register.catalogue, dp)?.sku;
      byBlock.set(sku, [...(byBlock.get(sku) ?? []), dp]);
    }
    for (const group of byBlock.values()) {
      const authoritative = blockFor(register.catalogue, group[0]!)?.authoritative[request.mode] ?? false;
      await this.settler.succeed(request, 'dataPoint', group, {
        result,
        source,
        authoritative,
        ...(chargedAlready ? { chargedAlready } : {}),
        ...(uncharged ? { uncharged } : {}),
        ...(legalName ? { legalName } : {}),
      });
    }
  }
}

/** The legal name in a company block's data, recorded on the request (lists and webhooks show it). */
function legalNameOf(companyData: unknown): string | undefined {
  return (companyData as { company?: { legalName?: string } }).company?.legalName || undefined;
}
