import { sleep } from './retry.ts';
import type { components } from './schema.d.ts';

type CompanyResponse = components['schemas']['CompanyResponse'];

export interface WaitOptions {
  /** Give up after this long (default 10 minutes); throws a TimeoutError. */
  timeoutMs?: number;
  /** Between two polls (default 1 s). */
  intervalMs?: number;
  signal?: AbortSignal;
  /** Called after each poll with the answer so far (a progress display). */
  onProgress?: (answer: CompanyResponse) => void;
  /**
   * Resolves early: pass a promise that settles when a `company.updated` event for the request arrives (a webhook
   * handler), and each arrival triggers a poll at once instead of waiting out the interval.
   */
  wake?: () => Promise<unknown>;
}

/** Whether every data point and document of the request has settled (neither `in_progress` nor `enriching`). */
export function isSettled(answer: CompanyResponse): boolean {
  const status = answer.request.dataStatus;
  const items = [...Object.values(status.dataPoints ?? {}), ...Object.values(status.documents ?? {})] as { status: string }[];
  return items.every((i) => i.status !== 'in_progress' && i.status !== 'enriching');
}

export async function waitForRequest(
  get: (requestId: string) => Promise<CompanyResponse>,
  requestId: string,
  opts: WaitOptions = {},
): Promise<CompanyResponse> {
  const deadline = Date.now() + (opts.timeoutMs ?? 600_000);
  const interval = opts.intervalMs ?? 1000;
  for (;;) {
    const answer = await get(requestId);
    opts.onProgress?.(answer);
    if (isSettled(answer)) return answer;
    const left = deadline - Date.now();
    if (left <= 0)
      throw Object.assign(new Error(`request ${requestId} still running after ${opts.timeoutMs ?? 600_000} ms`), { name: 'TimeoutError' });
    const pause = sleep(Math.min(interval, left), opts.signal);
    await (opts.wake ? Promise.race([pause, opts.wake()]) : pause);
  }
}
