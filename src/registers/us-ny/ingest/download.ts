import { RegisterError } from '../../errors.ts';
import { sleep } from '../../../shared/sleep.ts';
import type { RawRecord } from './normalize.ts';

export interface DownloadOptions {
  userAgent: string;
  /** One page's limit. */
  timeoutMs?: number;
  /** Rows per page; the open-data API serves at most 50,000. */
  pageSize?: number;
  attempts?: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
}

/**
 * The rows of an open-data dataset through its JSON API (`…/resource/<id>.json`), page by page in a stable order
 * (`$order=:id`), each page retried with backoff on network errors, 429 and 5xx. Yields each page as it arrives,
 * so the 4.3 million rows of the full snapshot never sit in one response.
 */
export async function* downloadDataset(url: string, opts: DownloadOptions): AsyncGenerator<RawRecord[]> {
  const pageSize = opts.pageSize ?? 50_000;
  const doFetch = opts.fetch ?? fetch;
  for (let offset = 0; ; offset += pageSize) {
    const u = new URL(url);
    u.searchParams.set('$limit', String(pageSize));
    u.searchParams.set('$offset', String(offset));
    u.searchParams.set('$order', ':id');
    let page: RawRecord[] | undefined;
    let lastError = '';
    for (let attempt = 0; attempt < (opts.attempts ?? 5) && !page; attempt++) {
      if (attempt > 0) await sleep(Math.min(60_000, 1000 * 2 ** attempt) * (0.5 + Math.random() / 2), opts.signal);
      try {
        const res = await doFetch(u, {
          headers: { accept: 'application/json', 'user-agent': opts.userAgent },
          signal: AbortSignal.any([AbortSignal.timeout(opts.timeoutMs ?? 120_000), ...(opts.signal ? [opts.signal] : [])]),
        });
        if (res.status === 429 || res.status >= 500) {
          lastError = `HTTP ${res.status}`;
          continue;
        }
        if (!res.ok) throw new RegisterError('processing_failed', `the open-data API refused ${u.pathname}: HTTP ${res.status}`, false);
        const body = (await res.json()) as unknown;
        if (!Array.isArray(body))
          throw new RegisterError('processing_failed', `the open-data API answered ${u.pathname} with something not a list`, false);
        page = body as RawRecord[];
      } catch (err) {
        if (err instanceof RegisterError || opts.signal?.aborted) throw err;
        lastError = (err as Error).message;
      }
    }
    if (!page) throw RegisterError.unavailable(`the open-data API did not answer ${u.pathname} (${lastError})`);
    if (page.length) yield page;
    if (page.length < pageSize) return;
  }
}
