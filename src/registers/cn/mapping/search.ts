import type { SearchResult } from '../../../contract/index.ts';
import { englishNameOf } from '../../../enrichment/transliteration/cn-english-name.ts';
import { nameTransliterations } from '../../../enrichment/transliteration/cn-pinyin-name.ts';
import { USCC_KEY } from '../ids.ts';
import type { PortalHit } from '../portal/client.ts';
import { parseAddress } from './address.ts';
import { mapStatus } from './status.ts';

const MATCH: Record<PortalHit['matched'], SearchResult['matchReason']['matchType']> = {
  uniscId: 'id',
  entName: 'exactLegalName',
  historyName: 'previousName',
  keyword: 'default',
};

/** A portal search hit as a public search result (spec §2.9), with its pinyin transliteration and the English name its profile carries. */
export function searchResultOf(hit: PortalHit): SearchResult {
  const matchType = MATCH[hit.matched] ?? 'default';
  const status = mapStatus(hit.regState || hit.regStateCode || '');
  const transliterations = nameTransliterations(hit.entName);
  const english = englishNameOf(hit.entName);
  return {
    id: hit.uniscId,
    legalName: hit.entName,
    countryCode: 'CN',
    address: parseAddress(hit.dom),
    matchReason: {
      matchType,
      ...(matchType === 'id' ? { identifier: USCC_KEY } : {}),
      ...(matchType === 'previousName' && hit.matchedName ? { matchedName: hit.matchedName } : {}),
    },
    ...(english ? { legalNameInEnglish: english } : {}),
    ...(transliterations.length ? { companyNameTransliterations: transliterations } : {}),
    status: { localName: status.localName, ...(status.active !== undefined ? { active: status.active } : {}) },
    score: hit.relevance,
  };
}
