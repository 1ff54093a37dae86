import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';

/**
 * The `x-request-id` of the HTTP request whose work is running, so that every log line that work writes (the
 * request's own, its register calls, the jobs it sent, their webhook deliveries and monitor checks) names it.
 * Jobs carry it in their payload (`JOB_REQUEST_ID_FIELD`): the work outlives the request and may run elsewhere.
 */
export interface WorkContext {
  requestId: string;
}

const storage = new AsyncLocalStorage<WorkContext>();

/** The payload field a job carries its causing request's id in (set by `ContextQueue.send`). */
export const JOB_REQUEST_ID_FIELD = 'xRequestId';

/** A caller's id is echoed when it is short and plain (it ends up in log lines and headers), else replaced. */
const VALID_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export function requestIdFrom(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && VALID_REQUEST_ID.test(value) ? value : randomUUID();
}

export function currentRequestId(): string | undefined {
  return storage.getStore()?.requestId;
}

export function runInContext<T>(ctx: WorkContext | undefined, fn: () => T): T {
  return ctx ? storage.run(ctx, fn) : fn();
}

/** Runs `fn` in the context a job's payload carries (none when the job was not caused by a request). */
export function runAsJob<T>(payload: unknown, fn: () => T): T {
  const id = (payload as Record<string, unknown> | null)?.[JOB_REQUEST_ID_FIELD];
  return typeof id === 'string' ? storage.run({ requestId: id }, fn) : fn();
}

/** The payload with the current request id added, for a job sent now. */
export function withRequestId<P extends object>(payload: P): P {
  const requestId = currentRequestId();
  return requestId && !(JOB_REQUEST_ID_FIELD in payload) ? { ...payload, [JOB_REQUEST_ID_FIELD]: requestId } : payload;
}
