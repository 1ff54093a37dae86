import type { SearchResult } from '../../contract/index.ts';
import { toAddress } from './mapping/address.ts';
import { COUNTRY } from './sandbox-overlay.ts';
import type { IndexHit } from './search/name-index.ts';

/**
 * Index hits in the public shape. Every entity of the snapshot is in the dataset of active corporations, hence the
 * ACTIVE status; the address is the one the profile's `legalAddress` gives.
 */
export function searchResults(hits: readonly IndexHit[]): SearchResult[] {
  return hits.map((h) => ({
    id: h.dosId,
    legalName: h.name,
    countryCode: COUNTRY,
    address: toAddress({ city: h.city, state: h.state, zip: h.zip }) ?? {},
    matchReason:
      h.match === 'id'
        ? { matchType: 'id', identifier: 'dosId' }
        : h.match === 'previousName'
          ? { matchType: 'previousName', matchedName: h.matchedName! }
          : { matchType: h.match },
    status: { localName: 'ACTIVE', active: true },
    score: h.score,
  }));
}
