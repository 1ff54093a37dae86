import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DocumentCategory, type AvailableDocument, type DocumentItem } from '../../../contract/index.ts';
import { financialDataFromPdf, periodOf } from '../../../enrichment/financials/index.ts';
import { documentIdOf } from '../ids.ts';
import type { MtFiling } from '../record.ts';

const KindTable = z.object({
  kinds: z
    .array(
      z.object({
        code: z.string().regex(/^[A-Z]+$/),
        type: z.string(),
        category: DocumentCategory,
        titleContains: z.array(z.string().min(1)),
        name: z.string(),
        period: z.enum(['financialYear', 'year', 'none']),
      }),
    )
    .min(1),
});

/** The filing kinds (data); the last one takes every title the others do not claim. */
export const DOCUMENT_KINDS = KindTable.parse(JSON.parse(readFileSync(new URL('./document-kinds.json', import.meta.url), 'utf8'))).kinds;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];

/** How long the registry takes to process a retrieval, in the order of a minute. */
export const ESTIMATED_DELIVERY_SECONDS = 60;

/** The kind of a filing by its title. */
export function kindOf(title: string): DocumentKind {
  const t = title.toLowerCase();
  return DOCUMENT_KINDS.find((k) => k.titleContains.some((w) => t.includes(w))) ?? DOCUMENT_KINDS[DOCUMENT_KINDS.length - 1]!;
}

export function kindByCode(code: string): DocumentKind | undefined {
  return DOCUMENT_KINDS.find((k) => k.code === code);
}

/** The year a filing is about: the one it names, else (accounts) the year before it was filed, else the filing's year. */
export function yearOf(filing: MtFiling, kind: DocumentKind = kindOf(filing.title)): number | undefined {
  if (kind.period === 'none') return undefined;
  if (filing.documentYear) return filing.documentYear;
  const named = /\b(19|20)\d{2}\b/.exec(filing.title);
  if (named) return Number(named[0]);
  const filed = Number(filing.date.slice(0, 4));
  return kind.period === 'financialYear' ? filed - 1 : filed;
}

const tidy = (s: string) => s.replace(/\s+/g, ' ').trim();

/**
 * The enriched description of a filing (deterministic rules over its title and dates, flagged `isAIEnriched`):
 * the document id, a name ("Annual accounts 2023"), a description, the year it covers and its category.
 */
export function describeFiling(companyId: string, filing: MtFiling) {
  const kind = kindOf(filing.title);
  const year = yearOf(filing, kind);
  const title = tidy(filing.title);
  const name = kind.name ? (year ? `${kind.name} ${year}` : kind.name) : title;
  const count = filing.documentsInFile === 1 ? '1 document' : `${filing.documentsInFile} documents`;
  const about =
    kind.period === 'financialYear' && year
      ? `for the financial year ${year}`
      : kind.period === 'year' && year
        ? `made up to ${year}`
        : undefined;
  const description = [
    `${kind.name || 'Other filing'}${about ? ` ${about}` : ''}`,
    `filed on ${filing.date} as "${title}"`,
    `${count} in the file`,
  ].join(', ');
  return { id: documentIdOf(companyId, kind.code, filing.fileId), kind, year, name, description };
}

/** A filing as an entry of `availableDocuments`; the price is the catalogue's for its kind. */
export function availableDocumentOf(companyId: string, filing: MtFiling, price: number | undefined): AvailableDocument {
  const d = describeFiling(companyId, filing);
  return {
    id: d.id,
    name: d.name,
    type: d.kind.category,
    format: d.kind.type,
    description: d.description,
    estimatedDeliverySeconds: ESTIMATED_DELIVERY_SECONDS,
    date: filing.date,
    ...(d.year ? { period: { year: d.year } } : {}),
    ...(price !== undefined ? { price } : {}),
    isAIEnriched: true,
  };
}

/** A retrieved filing as a document item; accounts cover the calendar year (the registry does not say otherwise). */
export function documentItemOf(companyId: string, filing: MtFiling): DocumentItem & { category: DocumentCategory; type: string } {
  const d = describeFiling(companyId, filing);
  const period =
    d.year === undefined
      ? undefined
      : d.kind.period === 'financialYear'
        ? { startDate: { year: d.year, month: 1, day: 1 }, endDate: { year: d.year, month: 12, day: 31 } }
        : { endDate: { year: d.year } };
  return {
    id: d.id,
    name: d.name,
    format: d.kind.type,
    description: d.description,
    estimatedDeliverySeconds: ESTIMATED_DELIVERY_SECONDS,
    date: filing.date,
    ...(period ? { period } : {}),
    isAIEnriched: true,
    category: d.kind.category,
    type: d.kind.type,
  };
}

/**
 * A retrieved filing as a document item, from the filing and the downloaded bytes: annual accounts also get the
 * figures and analysis read from the PDF itself (`extractedFinancialData`), and the period the statement names
 * replaces the calendar-year assumption. Accounts whose PDF cannot be read that way are delivered without them.
 */
export async function retrievedItemOf(companyId: string, filing: MtFiling, content: Uint8Array) {
  const item = documentItemOf(companyId, filing);
  if (item.category !== 'financialStatements') return item;
  const financial = await financialDataFromPdf(content);
  if (!financial) return item;
  const period = periodOf(financial);
  return { ...item, ...(period ? { period } : {}), extractedFinancialData: financial };
}
