import type { SearchResult } from '../contract/index.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import type { SourceResults } from '../registers/contract.ts';
import { RegisterError } from '../registers/errors.ts';
import { ApiError } from '../shared/errors.ts';
import { transliterateResponse } from '../enrichment/transliteration/apply.ts';
import { mergeAndRank } from './rank.ts';

/** How long a search may wait for its register (CN's portal takes minutes). */
const SEARCH_TIMEOUT_MS = 5 * 60_000;

export interface SearchOptions {
  /** Romanise names and addresses of the results (spec §4.1); the register's answer itself is untouched. */
  transliterate?: boolean;
}

export type SearchEvent = { type: 'progress'; source: string; results: SearchResult[] } | { type: 'complete'; results: SearchResult[] };

/** Search across a register's sources; never billed. */
export class SearchService {
  constructor(
    private readonly registers: RegisterRegistry,
    /** Between `: keep-alive` comments of a streamed search, so that proxies keep a quiet connection open. */
    readonly heartbeatMs = 15_000,
  ) {}

  async search(country: string, query: string, signal?: AbortSignal, opts: SearchOptions = {}): Promise<SearchResult[]> {
    let final: SearchResult[] = [];
    for await (const event of this.stream(country, query, signal, opts)) if (event.type === 'complete') final = event.results;
    return final;
  }

  /**
   * Yields one `progress` per batch a register's source answers (a source that pages its results, CN's portal,
   * answers a batch per page), then `complete` with the merged, ranked list.
   */
  async *stream(country: string, query: string, signal?: AbortSignal, opts: SearchOptions = {}): AsyncGenerator<SearchEvent> {
    const shown = (results: SearchResult[]) => (opts.transliterate ? transliterateResponse(results) : results);
    const register = this.registers.forSearch(country);
    const timeout = AbortSignal.timeout(SEARCH_TIMEOUT_MS);
    const ctx = { mode: 'onboarding' as const, signal: signal ? AbortSignal.any([signal, timeout]) : timeout };
    const lists: SearchResult[][] = [];
    try {
      for await (const batch of register.search(query, ctx) as AsyncIterable<SourceResults>) {
        lists.push(batch.results);
        yield { type: 'progress', source: batch.source, results: shown(mergeAndRank([batch.results])) };
      }
    } catch (err) {
      if (err instanceof RegisterError) throw new ApiError(err.code, err.message);
      if (timeout.aborted) throw new ApiError('service_unavailable', 'the register did not answer the search in time');
      throw err;
    }
    yield { type: 'complete', results: shown(mergeAndRank(lists)) };
  }
}
