import { z } from 'zod';
import { DATA_POINTS, DataPoint } from './request.ts';
import { SearchCountry } from './common.ts';
import { DocumentCategory } from './documents.ts';

export const PricingMode = z.enum(['fixed', 'variable']);

const dedupWindow = z
  .number()
  .int()
  .describe('How long a charge of this unit covers the same unit again for the same company and account (milliseconds).');

export const PricingQuery = z.object({ countryCode: SearchCountry }).strict();

/** The incumbent's flat entry of a data point (its GetPricingResultDTO), beside our `datapoints` map. */
const IncumbentPrice = z
  .object({
    available: z.boolean(),
    price: z
      .number()
      .int()
      .describe('Credit cents, in verification mode (onboarding where only onboarding offers it); 0 when not offered.'),
    pricingMode: PricingMode,
  })
  .meta({ id: 'IncumbentDataPointPrice' });

export const Pricing = z
  .object({
    ...Object.fromEntries(DATA_POINTS.map((dp) => [dp, IncumbentPrice])),
    countryCode: z.string(),
    currency: z.literal('credit_cents'),
    blocks: z.array(
      z.object({
        sku: z.string(),
        datapoints: z.array(DataPoint),
        modes: z.object({ onboarding: z.number().int().nullable(), verification: z.number().int().nullable() }),
        authoritative: z.object({ onboarding: z.boolean(), verification: z.boolean() }),
        includedDocuments: z.array(z.string()).describe('Document types that are free when this block was requested or deduplicated.'),
        pricingMode: PricingMode,
        dedupWindowMs: dedupWindow,
      }),
    ),
    documents: z.array(
      z.object({
        type: z.string(),
        category: DocumentCategory,
        price: z.number().int(),
        pricingMode: PricingMode,
        dedupWindowMs: dedupWindow,
      }),
    ),
    datapoints: z
      .record(
        z.string(),
        z.object({
          available: z.boolean(),
          price: z.number().int().nullable().describe('The lowest price of the data point, in the mode `mode` names.'),
          pricingMode: PricingMode,
          mode: z
            .enum(['onboarding', 'verification'])
            .nullable()
            .describe('The mode `price` is for: the cheaper mode that offers the data point (onboarding on a tie); null when none does.'),
          modes: z
            .object({ onboarding: z.number().int().nullable(), verification: z.number().int().nullable() })
            .describe('The price in each mode (null: not offered in that mode), as the block that covers the data point.'),
          sku: z
            .string()
            .nullable()
            .describe(
              'The block that covers the data point; data points of one block share one charge, shown on the first of the block that the request asks for.',
            ),
        }),
      )
      .describe('Per data point, the price of the block that covers it; the same charge when several share one block.'),
    monitoring: z.object({ available: z.boolean(), price: z.number().int() }),
    agenticEnrichment: z
      .object({ available: z.boolean(), sku: z.string().optional(), price: z.number().int().nullable() })
      .describe(
        'The agentic enrichment step: charged per request only when it adds a derived value or a finding; deduplicated within 24 hours.',
      ),
  })
  .meta({ id: 'Pricing' });
