import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { DataPoint, DocumentCategory } from '../contract/index.ts';
import { parseDuration } from '../config.ts';

const price = z.number().int().min(0).nullable();
const window = z
  .string()
  .default('24h')
  .transform((s) => parseDuration(s));

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
  })
  .superRefine((cat, ctx) => {
    const seen = new Set<string>();
    for (const block of cat.blocks) {
      for (const dp of block.datapoints) {
        if (seen.has(dp)) ctx.addIssue({ code: 'custom', message: `data point ${dp} is in two blocks` });
        seen.add(dp);
      }
    }
  });
export type Catalogue = z.infer<typeof CatalogueSchema>;
export type CatalogueBlock = Catalogue['blocks'][number];

export function loadCatalogue(url: URL): Catalogue {
  const parsed = CatalogueSchema.safeParse(JSON.parse(readFileSync(url, 'utf8')));
  if (!parsed.success) {
    throw new Error(`invalid price catalogue ${url.pathname}: ${z.prettifyError(parsed.error)}`);
  }
  return parsed.data;
}

/** The block that covers a data point, if the register offers it. */
export function blockFor(catalogue: Catalogue, dataPoint: DataPoint): CatalogueBlock | undefined {
  return catalogue.blocks.find((b) => b.datapoints.includes(dataPoint));
}

export function isAvailable(catalogue: Catalogue, dataPoint: DataPoint, mode: 'onboarding' | 'verification') {
  const block = blockFor(catalogue, dataPoint);
  return block !== undefined && block.modes[mode] !== null;
}
