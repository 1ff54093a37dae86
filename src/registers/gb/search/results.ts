import type { SearchResult } from '../../../contract/index.ts';
import type { IndexHit } from '../../../shared/name-index/index.ts';
import { statusOf } from '../mapping/company.ts';
import { resultStatus } from '../mapping/search.ts';
import { FIELD } from './entity.ts';

/** Index hits in the public shape: the post town and postcode of the registered office, the status the index holds. */
export function searchResultsOf(hits: readonly IndexHit[]): SearchResult[] {
  return hits.map((h) => {
    const city = h.fields[FIELD.postTown];
    const postalCode = h.fields[FIELD.postcode];
    const code = h.fields[FIELD.status];
    const status = code ? resultStatus(statusOf({ company_name: h.name, company_status: code, type: 'ltd' }, {})) : undefined;
    return {
      id: h.id,
      legalName: h.name,
      countryCode: 'GB',
      address: { ...(city ? { city } : {}), ...(postalCode ? { postalCode } : {}), countryCode: 'GB' },
      matchReason:
        h.match === 'id'
          ? { matchType: 'id', identifier: 'registrationNumber' }
          : h.match === 'previousName'
            ? { matchType: 'previousName', matchedName: h.matchedName! }
            : { matchType: h.match },
      ...(status ? { status } : {}),
      score: h.score,
    };
  });
}
