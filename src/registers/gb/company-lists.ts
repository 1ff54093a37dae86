import { RegisterError } from '../errors.ts';
import type { CompaniesHouseClient } from './client.ts';
import type { GbProfile } from './record.ts';

/** A page of one of the API's list resources (officers, filing history, PSCs, charges). */
export interface ListPage<T> {
  items?: T[];
  total_results?: number;
}

/** Items asked per page (the API's largest page). */
const PAGE = 100;
/** Lists are read page by page up to this many items (a company with more officers or filings is rare). */
const MAX_ITEMS = 1000;

/**
 * A company's resources as the connector reads them from the Public Data API: its profile, and its list resources
 * read page by page to the end (or `max` items).
 */
export class CompanyResources {
  constructor(private readonly api: CompaniesHouseClient) {}

  /** The company's profile; `not_found` when the register does not know the number. */
  async profile(id: string, signal: AbortSignal): Promise<GbProfile> {
    const p = await this.api.get<GbProfile>(`/company/${id}`, signal);
    if (!p) throw RegisterError.notFound(`${id} is not in the GB register`);
    return p;
  }

  /** A list resource of a company; the company itself must exist (404 on the list of an unknown company). */
  async companyList<T>(id: string, what: string, signal: AbortSignal): Promise<T[]> {
    const first = await this.api.get<ListPage<T>>(`/company/${id}/${what}?items_per_page=${PAGE}`, signal);
    if (!first) {
      // A company without officers or filings answers an empty list; 404 means the company is unknown.
      await this.profile(id, signal);
      return [];
    }
    return this.rest(`/company/${id}/${what}`, first, signal, MAX_ITEMS);
  }

  /** A list resource whose 404 means "none" (a company's charges, its PSC statements). */
  async list<T>(path: string, signal: AbortSignal, max = MAX_ITEMS): Promise<T[]> {
    const first = await this.api.get<ListPage<T>>(`${path}?items_per_page=${PAGE}`, signal);
    return first ? this.rest(path, first, signal, max) : [];
  }

  private async rest<T>(path: string, first: ListPage<T>, signal: AbortSignal, max: number): Promise<T[]> {
    const items = [...(first.items ?? [])];
    const total = Math.min(first.total_results ?? items.length, max);
    while (items.length < total) {
      const next = await this.api.get<ListPage<T>>(`${path}?items_per_page=${PAGE}&start_index=${items.length}`, signal);
      if (!next?.items?.length) break;
      items.push(...next.items);
    }
    return items.slice(0, max);
  }
}
