import type { DataPoint } from '../contract/index.ts';
import type { Register } from '../registers/contract.ts';
import { blockFor } from '../registers/catalogue.ts';
import { RegisterError } from '../registers/errors.ts';
import type { RequestRepository, RequestRow } from '../store/repositories/requests.ts';
import type { DocumentFiles } from '../documents/files.ts';
import type { Clock } from '../shared/clock.ts';
import type { ItemErrorCode } from '../shared/errors.ts';
import { directOwnersGraph } from '../graph/direct-owners.ts';
import type { Task } from './plan.ts';
import type { RequestEvents } from './events.ts';

export interface ItemFailure {
  code: ItemErrorCode;
  message: string;
  retryable: boolean;
  source?: string;
}

export function failureOf(err: unknown, source: string): ItemFailure {
  if (err instanceof RegisterError) {
    const code: ItemErrorCode = err.code === 'invalid_request' ? 'processing_failed' : err.code;
    return { code, message: err.message, retryable: err.retryable, source: err.source ?? source };
  }
  return { code: 'processing_failed', message: 'the register answer could not be processed', retryable: false, source };
}

/**
 * Runs one attempt of a task against its register and records the outcome on the request's items.
 * Used by both modes: onboarding wraps it in a deadline, verification in retries.
 */
export class TaskRunner {
  constructor(
    private readonly requests: RequestRepository,
    private readonly files: DocumentFiles,
    private readonly clock: Clock,
    private readonly events: RequestEvents,
  ) {}

  /** One attempt; throws the register's error, records nothing on failure (the caller decides). */
  async attempt(register: Register, request: RequestRow, task: Task, signal: AbortSignal): Promise<void> {
    const ctx = { mode: request.mode, signal };
    if (task.kind === 'document') {
      const doc = await register.fetchDocument(request.companyId, task.documentId, ctx);
      const fileId = await this.files.save({
        accountId: request.accountId,
        countryCode: request.countryCode,
        companyId: request.companyId,
        documentId: task.documentId,
        contentType: doc.contentType,
        content: doc.content,
      });
      await this.settle(request, 'document', [task.documentId], { status: 'succeeded', result: { ...doc.item, fileId }, cost: 0 });
      return;
    }
    if (task.fetch === 'graph') {
      const [company, owners] = await Promise.all([
        register.fetch('company', request.companyId, ctx),
        register.fetch('shareholders', request.companyId, ctx),
      ]);
      const graph = directOwnersGraph(
        { countryCode: request.countryCode, id: request.companyId, legalName: company.data.company.legalName },
        owners.data,
      );
      await this.settleDataPoints(register, request, task.items, graph, owners.source);
      return;
    }
    const fetched = await register.fetch(task.fetch, request.companyId, ctx);
    if (task.fetch === 'company') {
      const legalName = (fetched.data as { company: { legalName?: string } }).company.legalName;
      if (legalName) await this.requests.setLegalName(request.id, legalName);
    }
    await this.settleDataPoints(register, request, task.items, fetched.data, fetched.source);
  }

  async fail(request: RequestRow, task: Task, failure: ItemFailure): Promise<void> {
    const [kind, names] = task.kind === 'document' ? (['document', [task.documentId]] as const) : (['dataPoint', task.items] as const);
    await this.settle(request, kind, names, { status: 'failed', error: { ...failure }, cost: 0 });
  }

  private async settleDataPoints(register: Register, request: RequestRow, items: DataPoint[], result: unknown, source: unknown) {
    for (const dp of items) {
      const authoritative = blockFor(register.catalogue, dp)?.authoritative[request.mode] ?? false;
      await this.settle(request, 'dataPoint', [dp], { status: 'succeeded', result, source, authoritative, cost: 0 });
    }
  }

  private async settle(
    request: RequestRow,
    kind: 'dataPoint' | 'document',
    names: readonly string[],
    patch: Parameters<RequestRepository['updateItem']>[3],
  ) {
    let changed = false;
    for (const name of names) {
      changed = (await this.requests.updateItem(request.id, kind, name, patch, this.clock.now())) || changed;
    }
    if (changed) this.events.requestUpdated(request.accountId, request.id);
  }
}
