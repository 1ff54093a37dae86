import type { SearchResult } from '../contract/index.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import type { SourceResults } from '../registers/contract.ts';
import { RegisterError } from '../registers/errors.ts';
import { ApiError } from '../shared/errors.ts';
import { transliterateResponse } from '../enrichment/transliteration/apply.ts';
import { mergeAndRank } from './rank.ts';
import { deadline } from '../shared/deadline.ts';

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
    for await (const event of this.events(country, query, signal, opts, false)) if (event.type === 'complete') final = event.results;
    return final;
  }

  /**
   * Yields one `progress` per batch a register's source answers (a source that pages its results, CN's portal,
   * answers a batch per page), then `complete` with the merged, ranked list.
   */
  stream(country: string, query: string, signal?: AbortSignal, opts: SearchOptions = {}): AsyncGenerator<SearchEvent> {
    return this.events(country, query, signal, opts, true);
  }

  /** `progress` events are ranked only for a caller that shows them: a plain search ranks its results once. */
  private async *events(
    country: string,
    query: string,
    signal: AbortSignal | undefined,
    opts: SearchOptions,
    progress: boolean,
  ): AsyncGenerator<SearchEvent> {
    const shown = (results: SearchResult[]) => (opts.transliterate ? transliterateResponse(results) : results);
    const register = this.registers.forSearch(country);
    const limit = deadline(SEARCH_TIMEOUT_MS, signal);
    const ctx = { mode: 'onboarding' as const, signal: limit.signal };
    const lists: SearchResult[][] = [];
    try {
      for await (const batch of register.search(query, ctx) as AsyncIterable<SourceResults>) {
        lists.push(batch.results);
        if (progress) yield { type: 'progress', source: batch.source, results: shown(mergeAndRank([batch.results])) };
      }
    } catch (err) {
      if (err instanceof RegisterError) throw new ApiError(err.code, err.message);
      if (limit.expired) throw new ApiError('service_unavailable', 'the register did not answer the search in time');
      throw err;
    } finally {
      limit.clear();
    }
    yield { type: 'complete', results: shown(mergeAndRank(lists)) };
  }
}
