import type { GbAddress } from '../record.ts';
import type { RegisterCompany } from './directory.ts';

/** The words of a name without the legal suffixes and punctuation, for matching. */
const FILLER = new Set(['limited', 'ltd', 'plc', 'llp', 'lp', 'the', 'and', 'company', 'co']);
export const nameWords = (name: string) =>
  name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/&/g, ' and ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !FILLER.has(w));

/** Every query word is the start of a word of the name. */
function matches(query: string[], name: string): boolean {
  const words = nameWords(name);
  return query.length > 0 && query.every((q) => words.some((w) => w.startsWith(q)));
}

const snippetOf = (a: GbAddress | undefined) =>
  [a?.premises, a?.address_line_1, a?.address_line_2, a?.locality, a?.region, a?.postal_code].filter(Boolean).join(', ');

/**
 * The register's `GET /search/companies`: companies whose current or a previous name holds every query word (as a
 * word start), current-name hits first. A previous-name hit carries that name as its `snippet`, as the register does.
 */
export function searchCompanies(q: string, companies: readonly RegisterCompany[], start: number, size: number) {
  const query = nameWords(q);
  const hits: { c: RegisterCompany; snippet?: string; rank: number }[] = [];
  for (const c of companies) {
    const p = c.record.profile;
    if (matches(query, p.company_name)) {
      const exact = nameWords(p.company_name).join(' ') === query.join(' ');
      hits.push({ c, rank: exact ? 0 : 1 });
      continue;
    }
    const previous = p.previous_company_names?.find((n) => matches(query, n.name));
    if (previous) hits.push({ c, snippet: previous.name, rank: 2 });
  }
  hits.sort((a, b) => a.rank - b.rank || a.c.record.profile.company_name.localeCompare(b.c.record.profile.company_name));
  const items = hits.slice(start, start + size).map(({ c, snippet }) => {
    const p = c.record.profile;
    return {
      kind: 'searchresults#company',
      title: p.company_name,
      company_number: c.number,
      company_status: p.company_status,
      company_type: p.type,
      date_of_creation: p.date_of_creation,
      ...(p.date_of_cessation ? { date_of_cessation: p.date_of_cessation } : {}),
      address: p.registered_office_address ?? {},
      address_snippet: snippetOf(p.registered_office_address),
      ...(snippet ? { snippet } : {}),
      description: `${c.number} - Incorporated on ${p.date_of_creation ?? ''}`,
      links: { self: `/company/${c.number}` },
    };
  });
  return { kind: 'search#companies', total_results: hits.length, items_per_page: size, start_index: start, items };
}
