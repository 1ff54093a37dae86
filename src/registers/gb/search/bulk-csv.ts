import { companyStatusCode } from '../enumerations.ts';
import { looksLikeNumber, normaliseNumber, NUMBER_PATTERN } from '../ids.ts';
import type { GbIndexCompany } from './entity.ts';

const PREVIOUS_NAMES = 10;

/**
 * Splits CSV text into records from `pos`; stops before a record that may be incomplete (unless `final`). Lines
 * without a quote (most of the product) are split natively; quoted ones are read character by character.
 */
export function parseCsvRecords(text: string, pos: number, final: boolean, out: string[][]): number {
  const n = text.length;
  // The next quote from `pos`, looked for again only once passed: searching it per line rescanned the whole chunk.
  let quote = -2;
  while (pos < n) {
    const nl = text.indexOf('\n', pos);
    if (nl < 0 && !final) return pos;
    const end = nl < 0 ? n : nl;
    if (quote !== -1 && quote < pos) quote = text.indexOf('"', pos);
    if (quote < 0 || quote > end) {
      const line = text.charCodeAt(end - 1) === 13 ? text.slice(pos, end - 1) : text.slice(pos, end);
      if (line) out.push(line.split(','));
      pos = end + 1;
      continue;
    }
    const record: string[] = [];
    let field = '';
    let i = pos;
    let inQuotes = false;
    let done = false;
    while (i < n) {
      const c = text.charCodeAt(i);
      if (inQuotes) {
        if (c === 34) {
          if (text.charCodeAt(i + 1) === 34) {
            field += '"';
            i += 2;
            continue;
          }
          inQuotes = false;
        } else field += text[i];
        i++;
      } else if (c === 34) {
        inQuotes = true;
        i++;
      } else if (c === 44) {
        record.push(field);
        field = '';
        i++;
      } else if (c === 10) {
        i++;
        done = true;
        break;
      } else {
        if (c !== 13) field += text[i];
        i++;
      }
    }
    if (!done && !final) return pos; // the record goes on in the next chunk
    record.push(field);
    out.push(record);
    pos = i;
  }
  return pos;
}

/** Where the columns the index reads sit in the product's header (its cells carry stray spaces). */
function columnsOf(header: readonly string[]) {
  const at = new Map(header.map((h, i) => [h.trim(), i]));
  const need = (name: string) => {
    const i = at.get(name);
    if (i === undefined) throw new Error(`the Basic Company Data file has no ${name} column`);
    return i;
  };
  return {
    name: need('CompanyName'),
    number: need('CompanyNumber'),
    postTown: need('RegAddress.PostTown'),
    postcode: need('RegAddress.PostCode'),
    status: need('CompanyStatus'),
    previous: Array.from({ length: PREVIOUS_NAMES }, (_, k) => at.get(`PreviousName_${k + 1}.CompanyName`)).filter(
      (i): i is number => i !== undefined,
    ),
  };
}

export interface BulkReadStats {
  rows: number;
  invalid: number;
}

/**
 * Reads the Basic Company Data CSV as it arrives, a batch of companies per chunk (streamed: the product is 5.5 million
 * rows, about 2.5 GB). Rows without a valid company number or a name are counted in `stats.invalid` and skipped.
 */
export async function* readBasicCompanyData(body: AsyncIterable<Uint8Array>, stats: BulkReadStats): AsyncGenerator<GbIndexCompany[]> {
  const decoder = new TextDecoder();
  let carry = '';
  let cols: ReturnType<typeof columnsOf> | undefined;
  const statusCodes = new Map<string, string>();
  const toCompanies = (records: string[][]): GbIndexCompany[] => {
    const out: GbIndexCompany[] = [];
    for (const r of records) {
      if (!cols) {
        cols = columnsOf(r);
        continue;
      }
      stats.rows++;
      const raw = r[cols.number]?.trim() ?? '';
      const name = r[cols.name]?.trim() ?? '';
      // Nearly every number is written as the register keeps it: the pattern alone, no normalising.
      const valid = NUMBER_PATTERN.test(raw) || looksLikeNumber(raw);
      if (!name || !valid) {
        stats.invalid++;
        continue;
      }
      const statusText = r[cols.status]?.trim() ?? '';
      let status = statusCodes.get(statusText);
      if (status === undefined) {
        status = companyStatusCode(statusText) ?? statusText.toLowerCase();
        statusCodes.set(statusText, status);
      }
      const previousNames: string[] = [];
      for (const i of cols.previous) {
        const p = r[i]?.trim();
        if (p) previousNames.push(p);
      }
      out.push({
        number: NUMBER_PATTERN.test(raw) ? raw : normaliseNumber(raw),
        name,
        previousNames,
        postTown: r[cols.postTown]?.trim() ?? '',
        postcode: r[cols.postcode]?.trim() ?? '',
        status,
      });
    }
    return out;
  };
  for await (const chunk of body) {
    const text = carry + decoder.decode(chunk, { stream: true });
    const records: string[][] = [];
    const pos = parseCsvRecords(text, 0, false, records);
    carry = text.slice(pos);
    if (records.length) yield toCompanies(records);
  }
  const records: string[][] = [];
  parseCsvRecords(carry + decoder.decode(), 0, true, records);
  if (records.length) yield toCompanies(records);
}
