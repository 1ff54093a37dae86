import { parse } from 'csv-parse/sync';
import type { SearchResult } from '../../contract/index.ts';
import type { Db } from '../../store/db.ts';
import { nameWords } from './emulator/search.ts';
import { looksLikeNumber, normaliseNumber } from './ids.ts';

/** A name as the index compares it: lower case, legal words and punctuation dropped. */
export const normaliseName = (name: string) => nameWords(name).join(' ');

/**
 * Ingests a Basic Company Data CSV into the name index (gb_company_names), replacing it whole in one transaction:
 * each company's current name and its previous names. Returns how many companies and names were stored.
 */
export async function ingestBasicCompanyData(db: Db, csv: string): Promise<{ companies: number; names: number }> {
  const rows = parse(csv, { columns: (h: string[]) => h.map((x) => x.trim()), skip_empty_lines: true, relax_column_count: true }) as Record<
    string,
    string
  >[];
  const values: unknown[][] = [];
  let companies = 0;
  for (const r of rows) {
    const raw = r.CompanyNumber?.trim();
    const name = r.CompanyName?.trim();
    if (!raw || !name || !looksLikeNumber(raw)) continue;
    const number = normaliseNumber(raw);
    companies++;
    const base = [number, name, r.CompanyStatus || null, r['RegAddress.PostTown'] || null, r['RegAddress.PostCode'] || null];
    values.push([number, name, name, false, normaliseName(name), ...base.slice(2)]);
    for (let i = 1; i <= 10; i++) {
      const previous = r[`PreviousName_${i}.CompanyName`]?.trim();
      if (previous && previous !== name) values.push([number, previous, name, true, normaliseName(previous), ...base.slice(2)]);
    }
  }
  await db.transaction(async (tx) => {
    await tx.query('delete from gb_company_names');
    for (let i = 0; i < values.length; i += 500) {
      const batch = values.slice(i, i + 500);
      const params = batch.flat();
      const tuples = batch.map((_, j) => `(${Array.from({ length: 8 }, (_, k) => `$${j * 8 + k + 1}`).join(', ')})`).join(', ');
      await tx.query(
        `insert into gb_company_names (company_number, name, current_name, previous, normalised, status, post_town, postcode)
         values ${tuples} on conflict (company_number, name) do nothing`,
        params,
      );
    }
  });
  return { companies, names: values.length };
}

/**
 * Name search over the index: trigram similarity of normalised names (the `%` operator alone, so the GIN index serves
 * it; an OR with a LIKE made it a scan of every name); a previous-name hit says which.
 */
export async function searchNameIndex(db: Db, query: string, limit = 50): Promise<SearchResult[]> {
  const q = normaliseName(query);
  if (!q) return [];
  type Row = {
    company_number: string;
    name: string;
    current_name: string;
    previous: boolean;
    post_town: string | null;
    postcode: string | null;
    score: number;
  };
  // A threshold of 0.5 on normalised names (legal words dropped) keeps the candidate set small (DESIGN: 8-10 ms at
  // 1 M names); set for this transaction only, so pooled connections keep their defaults.
  const rows = await db.transaction(async (tx) => {
    await tx.query('set local pg_trgm.similarity_threshold = 0.5');
    return tx.query<Row>(
      `select company_number, name, current_name, previous, post_town, postcode, public.similarity(normalised, $1) as score
         from gb_company_names where normalised operator(public.%) $1
        order by score desc, previous, current_name limit $2`,
      [q, limit * 2],
    );
  });
  const seen = new Set<string>();
  const out: SearchResult[] = [];
  for (const r of rows) {
    if (seen.has(r.company_number) || out.length >= limit) continue;
    seen.add(r.company_number);
    out.push({
      id: r.company_number,
      legalName: r.current_name,
      countryCode: 'GB',
      address: { ...(r.post_town ? { city: r.post_town } : {}), ...(r.postcode ? { postalCode: r.postcode } : {}), countryCode: 'GB' },
      matchReason: r.previous
        ? { matchType: 'previousName', matchedName: r.name }
        : { matchType: normaliseName(r.current_name) === q ? 'exactLegalName' : 'default' },
      score: Math.round(Number(r.score) * 1000) / 1000,
    });
  }
  return out;
}
