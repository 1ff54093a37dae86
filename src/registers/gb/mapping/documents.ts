import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DocumentCategory, type AvailableDocument, type DocumentItem } from '../../../contract/index.ts';
import { lazy } from '../../../enrichment/reference/files.ts';
import { filingDescription } from '../enumerations.ts';
import { documentIdOf } from '../ids.ts';
import type { GbFiling } from '../record.ts';

const Kinds = z.object({
  kinds: z
    .array(
      z.object({ code: z.string().regex(/^[A-Z]{2,4}$/), type: z.string(), category: DocumentCategory, categories: z.array(z.string()) }),
    )
    .min(1),
});
const kinds = lazy(() => Kinds.parse(JSON.parse(readFileSync(new URL('./document-kinds.json', import.meta.url), 'utf8'))).kinds);
export type DocumentKind = ReturnType<typeof kinds>[number];

export const kindOf = (f: GbFiling): DocumentKind => kinds().find((k) => k.categories.includes(f.category)) ?? kinds().at(-1)!;
export const kindByCode = (code: string): DocumentKind | undefined => kinds().find((k) => k.code === code);

/** The register delivers a filing's image at once: seconds, not minutes. */
const ESTIMATED_DELIVERY_SECONDS = 5;

/** The filing's own wording (filing_history_descriptions.yml with its values), e.g. "Full accounts made up to 2024-12-31". */
export const filingTitle = (f: GbFiling) => filingDescription(f.description, f.description_values) ?? `${f.type} ${f.description}`;

/** The year accounts are made up to, from the filing's values. */
export function madeUpDateOf(f: GbFiling): string | undefined {
  const v = f.description_values?.made_up_date;
  return typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined;
}

/** A filing as an entry of `availableDocuments`; the price is the catalogue's for its kind. */
export function availableDocumentOf(number: string, f: GbFiling, price: number | undefined): AvailableDocument {
  const kind = kindOf(f);
  const madeUp = kind.code === 'ACC' ? madeUpDateOf(f) : undefined;
  return {
    id: documentIdOf(number, kind.code, f.transaction_id),
    name: filingTitle(f),
    type: kind.category,
    format: 'PDF',
    description: `Form ${f.type} filed on ${f.date}${f.pages ? `, ${f.pages} page${f.pages === 1 ? '' : 's'}` : ''}: ${filingTitle(f)}`,
    estimatedDeliverySeconds: ESTIMATED_DELIVERY_SECONDS,
    date: f.date,
    ...(madeUp ? { period: { year: Number(madeUp.slice(0, 4)) } } : {}),
    ...(price !== undefined ? { price } : {}),
  };
}

/**
 * A retrieved filing as a document item. Accounts carry the date they are made up to (`period.endDate`, the filing's
 * own value) even when filed on paper, so that a reader knows which year they cover; tagged accounts replace it with
 * the period their facts state.
 */
export function documentItemOf(number: string, f: GbFiling): DocumentItem & { category: DocumentCategory; type: string } {
  const a = availableDocumentOf(number, f, undefined);
  const kind = kindOf(f);
  const madeUp = kind.code === 'ACC' ? madeUpDateOf(f) : undefined;
  return {
    ...(madeUp
      ? { period: { endDate: { year: Number(madeUp.slice(0, 4)), month: Number(madeUp.slice(5, 7)), day: Number(madeUp.slice(8, 10)) } } }
      : {}),
    id: a.id,
    name: a.name,
    format: 'PDF',
    description: a.description,
    estimatedDeliverySeconds: ESTIMATED_DELIVERY_SECONDS,
    date: f.date,
    category: kind.category,
    type: kind.type,
  };
}
