import { z } from 'zod';

export const DOCUMENT_CATEGORIES = [
  'tradeRegisterExtract',
  'certifiedTradeRegisterExtract',
  'ultimateBeneficialOwnersCertificate',
  'lastFiscalYearFinancialStatement',
  'tradeRegisterHistory',
  'certificateOfGoodStanding',
  'financialStatements',
  'articlesOfAssociation',
  'officialPublications',
  'annualReturns',
  'otherDocuments',
] as const;
export const DocumentCategory = z.enum(DOCUMENT_CATEGORIES).meta({ id: 'DocumentCategory' });
export type DocumentCategory = z.infer<typeof DocumentCategory>;

/** Categories delivered as one item; the others are arrays (spec §2.7). */
export const SINGLE_DOCUMENT_CATEGORIES: readonly DocumentCategory[] = [
  'tradeRegisterExtract',
  'certifiedTradeRegisterExtract',
  'ultimateBeneficialOwnersCertificate',
  'lastFiscalYearFinancialStatement',
  'tradeRegisterHistory',
  'certificateOfGoodStanding',
];

const YMD = z.object({ year: z.number().int(), month: z.number().int().optional(), day: z.number().int().optional() });

export const FinancialData = z
  .object({
    fiscalYear: z.object({ year: z.number().int(), startDate: z.string().optional(), endDate: z.string().optional() }).optional(),
    approvalDate: z.string().optional(),
    currency: z.string().optional(),
    analysis: z
      .object({
        summary: z.string().optional(),
        narrativeAnalysis: z.string().optional(),
        healthScore: z.number().optional(),
        ratios: z
          .object({
            currentRatio: z.number().optional(),
            quickRatio: z.number().optional(),
            debtToEquity: z.number().optional(),
            netProfitMargin: z.number().optional(),
            returnOnEquity: z.number().optional(),
            revenueGrowth: z.number().optional(),
          })
          .optional(),
        insights: z
          .array(
            z.object({
              title: z.string(),
              description: z.string().optional(),
              metricValue: z.union([z.number(), z.string()]).optional(),
              recommendation: z.string().optional(),
            }),
          )
          .optional(),
        strengths: z.array(z.string()).optional(),
        concerns: z.array(z.string()).optional(),
        trends: z.record(z.string(), z.unknown()).optional(),
      })
      .optional(),
    incomeStatement: z.record(z.string(), z.number()).optional().describe('Line items in `currency`, e.g. revenue, netIncome.'),
    balanceSheet: z.record(z.string(), z.number()).optional().describe('Line items in `currency`, e.g. totalAssets, equity.'),
  })
  .meta({ id: 'FinancialData' });

export const DocumentItem = z
  .object({
    id: z.string(),
    name: z.string().optional(),
    format: z.string().optional(),
    description: z.string().optional(),
    estimatedDeliverySeconds: z.number().optional(),
    url: z.string().optional().describe('Signed download URL; fetching the request again refreshes it.'),
    pdfUrl: z.string().optional(),
    blobName: z.string().optional(),
    price: z.number().optional(),
    priceMarkup: z.number().optional(),
    date: z.string().optional(),
    period: z.object({ startDate: YMD.optional(), endDate: YMD.optional() }).optional(),
    extractedFinancialData: FinancialData.optional(),
    isAIEnriched: z.boolean().optional().describe('True when name, description, period or category were inferred from the filing (spec §1.4).'),
  })
  .meta({ id: 'DocumentItem' });
export type DocumentItem = z.infer<typeof DocumentItem>;

export const Documents = z
  .object(
    Object.fromEntries(
      DOCUMENT_CATEGORIES.map((c) => [
        c,
        (SINGLE_DOCUMENT_CATEGORIES.includes(c) ? DocumentItem : z.array(DocumentItem)).optional(),
      ]),
    ) as Record<DocumentCategory, z.ZodOptional<typeof DocumentItem> | z.ZodOptional<z.ZodArray<typeof DocumentItem>>>,
  )
  .meta({ id: 'Documents', description: 'Retrieved documents by category.' });

export const AvailableDocument = z
  .object({
    id: z.string(),
    name: z.string().optional(),
    type: DocumentCategory,
    format: z.string().optional(),
    description: z.string().optional(),
    estimatedDeliverySeconds: z.number().optional(),
    date: z.string().optional(),
    period: z.object({ year: z.number().int() }).optional(),
    price: z.number().optional().describe('Price in credit cents when retrieved.'),
    isAIEnriched: z.boolean().optional().describe('True when name, description, period or category were inferred from the filing (spec §1.4).'),
  })
  .meta({ id: 'AvailableDocument' });
export type AvailableDocument = z.infer<typeof AvailableDocument>;
