import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DataPoint, DocumentCategory } from '../contract/index.ts';
import { parseDuration } from '../config.ts';

const price = z.number().int().min(0).nullable();
/**
 * How long a charge covers the same unit again for the same account and company (spec §1.6, §8): "24h" by
 * default; e.g. "36159d" (99 years) for documents that never change. Parsed to milliseconds.
 */
const window = z
  .string()
  .default('24h')
  .transform((s, ctx) => {
    try {
      return parseDuration(s);
    } catch (err) {
      ctx.addIssue({ code: 'custom', message: (err as Error).message });
      return z.NEVER;
    }
  });

/** A register's price catalogue (a data file beside its connector), validated at start. */
export const CatalogueSchema = z
  .object({
    countryCode: z.string(),
    register: z.string().describe("The register's name, as shown in provenance."),
    blocks: z
      .array(
        z.object({
          sku: z.string(),
          datapoints: z.array(DataPoint).min(1),
          modes: z.object({ onboarding: price, verification: price }),
          authoritative: z.object({ onboarding: z.boolean(), verification: z.boolean() }),
          includedDocuments: z.array(z.string()).default([]),
          pricingMode: z.enum(['fixed', 'variable']).default('fixed'),
          dedupWindow: window,
        }),
      )
      .min(1),
    documents: z
      .array(
        z.object({
          type: z.string(),
          category: DocumentCategory,
          price: z.number().int().min(0),
          pricingMode: z.enum(['fixed', 'variable']).default('fixed'),
          dedupWindow: window,
        }),
      )
      .default([]),
    monitoring: z.object({ available: z.boolean(), price: z.number().int().min(0) }),
    /**
     * The agentic enrichment step (`agenticEnrichment: true`): charged once per request, in either mode, only when it
     * adds something (a derived value or a finding); deduplicated like a block within 24 hours. Absent: not offered.
     */
    agenticEnrichment: z.object({ sku: z.string(), price: z.number().int().min(0) }).optional(),
  })
  .superRefine((cat, ctx) => {
    const seen = new Set<string>();
    const skus = new Set<string>();
    for (const block of cat.blocks) {
      if (skus.has(block.sku)) ctx.addIssue({ code: 'custom', message: `sku ${block.sku} is listed twice` });
      skus.add(block.sku);
      for (const dp of block.datapoints) {
        if (seen.has(dp)) ctx.addIssue({ code: 'custom', message: `data point ${dp} is in two blocks` });
        seen.add(dp);
      }
    }
    const types = new Set<string>();
    for (const doc of cat.documents) {
      if (types.has(doc.type)) ctx.addIssue({ code: 'custom', message: `document type ${doc.type} is listed twice` });
      types.add(doc.type);
    }
    // An included document must be one the catalogue sells, or inclusion could never apply.
    for (const block of cat.blocks) {
      for (const type of block.includedDocuments) {
        if (!types.has(type)) ctx.addIssue({ code: 'custom', message: `block ${block.sku} includes ${type}, which is not in documents` });
      }
    }
  });
export type Catalogue = z.infer<typeof CatalogueSchema>;
export type CatalogueBlock = Catalogue['blocks'][number];
export type CatalogueDocument = Catalogue['documents'][number];

export function loadCatalogue(url: URL): Catalogue {
  const parsed = CatalogueSchema.safeParse(JSON.parse(readFileSync(url, 'utf8')));
  if (!parsed.success) {
    throw new Error(`invalid price catalogue ${url.pathname}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** The block that covers a data point, if the register offers it. */
export function blockFor(catalogue: Pick<Catalogue, 'blocks'>, dataPoint: DataPoint): CatalogueBlock | undefined {
  return catalogue.blocks.find((b) => b.datapoints.includes(dataPoint));
}

export function isAvailable(catalogue: Catalogue, dataPoint: DataPoint, mode: 'onboarding' | 'verification') {
  const block = blockFor(catalogue, dataPoint);
  return block !== undefined && block.modes[mode] !== null;
}

/** The catalogue entry of a document type, if the register sells it. */
export function documentFor(catalogue: Pick<Catalogue, 'documents'>, type: string): CatalogueDocument | undefined {
  return catalogue.documents.find((d) => d.type === type);
}

/** The blocks that include a document type for free (spec §1.6). */
export function blocksIncluding(catalogue: Pick<Catalogue, 'blocks'>, type: string): CatalogueBlock[] {
  return catalogue.blocks.filter((b) => b.includedDocuments.includes(type));
}
