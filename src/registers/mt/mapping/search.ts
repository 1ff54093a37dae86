import type { SearchResult } from '../../../contract/index.ts';
import { normaliseCompanyNumber, REGISTRATION_NUMBER_KEY } from '../ids.ts';
import type { CompanySummary } from '../portal/protocol.ts';
import { addressOf } from './address.ts';
import { mapStatus } from './status.ts';

const norm = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/** A hit of a number search: the one company with that number. */
export function numberResultOf(hit: CompanySummary): SearchResult {
  return resultOf(hit, { matchType: 'id', identifier: REGISTRATION_NUMBER_KEY }, 1);
}

/**
 * A hit of a name search: the exact name first, then by how much of the name the query covers, a name that starts
 * with it a little ahead.
 */
export function nameResultOf(hit: CompanySummary, query: string): SearchResult {
  const q = norm(query);
  const name = norm(hit.name);
  if (name === q) return resultOf(hit, { matchType: 'exactLegalName' }, 1);
  const coverage = Math.min(1, q.length / Math.max(1, name.length));
  const score = Math.round(Math.min(0.99, coverage * 0.8 + (name.startsWith(q) ? 0.2 : 0)) * 1000) / 1000;
  return resultOf(hit, { matchType: 'default' }, score);
}

function resultOf(hit: CompanySummary, matchReason: SearchResult['matchReason'], score: number): SearchResult {
  const status = mapStatus(hit.state);
  return {
    id: normaliseCompanyNumber(hit.registrationNumber),
    legalName: hit.name,
    countryCode: 'MT',
    address: hit.registeredOffice ? addressOf(hit.registeredOffice, 'MT') : { countryCode: 'MT' },
    matchReason,
    status: { localName: status.localName, active: status.active },
    score,
  };
}
