import { createHash } from 'node:crypto';
import type { GbFiling } from '../record.ts';

/** A stable id shaped like the register's (base64, 27 characters), from what makes the filing unique. */
export const transactionIdOf = (...parts: string[]) =>
  createHash('sha1').update(parts.join('|')).digest('base64url').replace(/[-_]/g, 'x').slice(0, 27);

export const DOCUMENT_HOST = 'https://document-api.company-information.service.gov.uk';

export interface FilingInput {
  number: string;
  category: string;
  type: string;
  description: string;
  date: string;
  values?: Record<string, unknown>;
  subcategory?: string;
  pages?: number;
  actionDate?: string;
}

/** One filing of the history in the register's shape, with the link to its document's metadata. */
export function filing(f: FilingInput): GbFiling {
  const id = transactionIdOf(f.number, f.type, f.date, f.description);
  return {
    transaction_id: id,
    category: f.category,
    ...(f.subcategory ? { subcategory: f.subcategory } : {}),
    type: f.type,
    description: f.description,
    ...(f.values ? { description_values: f.values } : {}),
    date: f.date,
    ...(f.actionDate ? { action_date: f.actionDate } : {}),
    pages: f.pages ?? 3,
    links: {
      self: `/company/${f.number}/filing-history/${id}`,
      document_metadata: `${DOCUMENT_HOST}/document/${documentKeyOf(id)}`,
    },
  };
}

/** The Document API's id of a filing's document (distinct from the transaction id, as in the register). */
export const documentKeyOf = (transactionId: string) => transactionIdOf('document', transactionId).slice(0, 43);

/** The document id a filing links to, from its `links.document_metadata`. */
export function documentKeyOfFiling(f: GbFiling): string | undefined {
  const link = (f.links as { document_metadata?: string } | undefined)?.document_metadata;
  return link ? /\/document\/([A-Za-z0-9_-]+)$/.exec(link)?.[1] : undefined;
}

/**
 * Confirmation statements (CS01) replaced annual returns (AR01) on 30 June 2016 (Small Business, Enterprise and
 * Employment Act 2015): a yearly filing made up before that day is an annual return.
 */
const CONFIRMATION_STATEMENTS_FROM = '2016-06-30';

/** The yearly return of a company made up on `date`: an annual return before 30 June 2016, else a confirmation statement. */
function yearlyReturn(number: string, date: string): GbFiling {
  return date < CONFIRMATION_STATEMENTS_FROM
    ? filing({
        number,
        category: 'annual-return',
        type: 'AR01',
        description: 'annual-return-company-with-made-up-date-full-list-shareholders',
        values: { made_up_date: date },
        date,
        pages: 4,
      })
    : filing({
        number,
        category: 'confirmation-statement',
        type: 'CS01',
        description: 'confirmation-statement-with-no-updates',
        values: { made_up_date: date },
        date,
        pages: 3,
      });
}

/** The usual filings of a company's life: incorporation, yearly annual returns or confirmation statements, accounts. */
export function lifeFilings(
  number: string,
  incorporated: string,
  until: string,
  accounts = 'accounts-with-accounts-type-total-exemption-full',
  madeUpMonth = 12,
): GbFiling[] {
  const out: GbFiling[] = [
    filing({ number, category: 'incorporation', type: 'NEWINC', description: 'incorporation-company', date: incorporated, pages: 12 }),
  ];
  const start = Number(incorporated.slice(0, 4));
  const end = Number(until.slice(0, 4));
  const md = incorporated.slice(5);
  for (let y = start + 1; y <= end; y++) {
    const csDate = `${y}-${md}`;
    if (csDate > until) break;
    out.push(yearlyReturn(number, csDate));
    const madeUp = `${y - 1}-${String(madeUpMonth).padStart(2, '0')}-${madeUpMonth === 12 ? '31' : '30'}`;
    const filed = `${y}-09-${String(10 + (y % 15)).padStart(2, '0')}`;
    if (madeUp > incorporated && filed <= until)
      out.push(
        filing({
          number,
          category: 'accounts',
          type: 'AA',
          description: accounts,
          values: { made_up_date: madeUp },
          date: filed,
          pages: 9,
        }),
      );
  }
  return out;
}
