import { formatReportDate } from '../mapping/dates.ts';
import { statusWordsOfCode, STATUS_TABLE } from '../mapping/status.ts';
import { addressOf, representativeOf, type CnRecord } from '../record.ts';
import { formerNames, type PortalCompany } from './directory.ts';

/** One hit of the portal's search, in the portal's JSON (the fields its result list shows). */
export interface PortalHit {
  entName: string;
  uniscId: string;
  entType: string;
  /** Absent when the register names no representative. */
  legalRep?: string;
  /** The status code (K, XX…) when the status has one; `regState` is always the words. */
  regStateCode?: string;
  regState: string;
  estDate?: string;
  /** Absent when the register has no address. */
  dom?: string;
  regOrg?: string;
  historyNames: string[];
  /** What the keyword matched: the code, the full name, a former name, or part of a name. */
  matched: 'uniscId' | 'entName' | 'historyName' | 'keyword';
  /** The former name that matched, for `historyName`. */
  matchedName?: string;
  /** Share of the name the keyword covers, 0 to 1. */
  relevance: number;
}

/** At most this many hits: the portal pages through no more of a list (server.ts serves them a page at a time). */
const LIMIT = 50;
const norm = (s: string) =>
  s
    .normalize('NFKC')
    .replace(/[\s()（）]/g, '')
    .toUpperCase();

const codeOfWords = (words: string) => Object.entries(STATUS_TABLE.portalCodes).find(([, w]) => w === words)?.[0];

function hitOf(r: CnRecord, matched: PortalHit['matched'], relevance: number, matchedName?: string): PortalHit {
  const words = statusWordsOfCode(r.登记状态) ?? r.登记状态;
  const code = statusWordsOfCode(r.登记状态) ? r.登记状态.trim().toUpperCase() : codeOfWords(words);
  return {
    entName: r.企业名称,
    uniscId: r.统一社会信用代码!,
    entType: r.类型,
    ...(representativeOf(r).name ? { legalRep: representativeOf(r).name } : {}),
    ...(code ? { regStateCode: code } : {}),
    regState: words,
    ...(r.成立日期 ? { estDate: /^\d{4}-/.test(r.成立日期) ? formatReportDate(r.成立日期) : r.成立日期 } : {}),
    ...(addressOf(r).address ? { dom: addressOf(r).address } : {}),
    ...(r.登记机关 ? { regOrg: r.登记机关 } : {}),
    historyNames: formerNames(r),
    matched,
    ...(matchedName ? { matchedName } : {}),
    relevance: Math.round(relevance * 1000) / 1000,
  };
}

function bigramCoverage(q: string, name: string): number {
  const grams = new Set<string>();
  for (let i = 0; i < q.length - 1; i++) grams.add(q.slice(i, i + 2));
  let found = 0;
  for (const g of grams) if (name.includes(g)) found++;
  return grams.size ? found / grams.size : 0;
}

/**
 * The portal's search (registers/cn.md): an 18-character code finds that company only; a full name finds that
 * company only; otherwise the keyword (two characters or more) finds every company whose current or former name
 * contains it, or most of its character pairs, best covered first.
 */
export function searchPortal(keyword: string, companies: readonly PortalCompany[]): PortalHit[] {
  const q = norm(keyword);
  if (q.length < 2) return [];
  if (/^[0-9A-Z]{18}$/.test(q)) {
    const hit = companies.find((c) => c.record.统一社会信用代码 === q);
    return hit ? [hitOf(hit.record, 'uniscId', 1)] : [];
  }
  const exact = companies.find((c) => norm(c.record.企业名称) === q);
  if (exact) return [hitOf(exact.record, 'entName', 1)];
  const hits: PortalHit[] = [];
  for (const { record } of companies) {
    const name = norm(record.企业名称);
    if (name.includes(q)) {
      hits.push(hitOf(record, 'keyword', q.length / name.length));
      continue;
    }
    const former = formerNames(record).find((n) => norm(n).includes(q));
    if (former) {
      hits.push(hitOf(record, 'historyName', q.length / norm(former).length, former));
      continue;
    }
    // Words left out or in another order (重庆环球科技 for 重庆环球数码科技有限公司): most of the keyword's
    // character pairs are in the name.
    const coverage = bigramCoverage(q, name);
    if (q.length >= 4 && coverage >= 0.75) hits.push(hitOf(record, 'keyword', (coverage * q.length) / name.length / 2));
  }
  return hits.sort((a, b) => b.relevance - a.relevance || a.entName.localeCompare(b.entName, 'zh')).slice(0, LIMIT);
}
