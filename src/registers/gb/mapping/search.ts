import type { SearchResult } from '../../../contract/index.ts';
import type { GbAddress } from '../record.ts';
import { addressOf } from './address.ts';
import { statusOf } from './company.ts';

/** One item of the register's `GET /search/companies` (its `snippet` is the previous name a hit matched). */
export interface ChSearchItem {
  company_number: string;
  title: string;
  company_status?: string;
  company_type?: string;
  address?: GbAddress;
  snippet?: string;
}

/** The status a result shows: the register's word and whether the company is active. */
export function resultStatus(s: ReturnType<typeof statusOf>): SearchResult['status'] {
  return { ...(s.localName ? { localName: s.localName } : {}), ...(s.active !== undefined ? { active: s.active } : {}) };
}

const statusOfItem = (i: ChSearchItem) =>
  i.company_status
    ? resultStatus(statusOf({ company_name: i.title, company_status: i.company_status, type: i.company_type ?? 'ltd' }, {}))
    : undefined;

export function idResultOf(number: string, name: string, address: GbAddress | undefined, status: SearchResult['status']): SearchResult {
  return {
    id: number,
    legalName: name,
    countryCode: 'GB',
    address: addressOf(address) ?? { countryCode: 'GB' },
    matchReason: { matchType: 'id', identifier: 'registrationNumber' },
    ...(status ? { status } : {}),
    score: 1,
  };
}

/** Name hits in the register's order: a hit on a previous name says which (`previousName`). */
export function nameResultsOf(query: string, items: readonly ChSearchItem[]): SearchResult[] {
  const q = query.trim().toLowerCase();
  return items.map((i, n) => {
    const status = statusOfItem(i);
    const exact = i.title.toLowerCase() === q;
    return {
      id: i.company_number,
      legalName: i.title,
      countryCode: 'GB',
      address: addressOf(i.address) ?? { countryCode: 'GB' },
      matchReason: i.snippet ? { matchType: 'previousName', matchedName: i.snippet } : { matchType: exact ? 'exactLegalName' : 'default' },
      ...(status ? { status } : {}),
      score: Math.round((1 - n / Math.max(1, items.length)) * 1000) / 1000,
    } satisfies SearchResult;
  });
}
