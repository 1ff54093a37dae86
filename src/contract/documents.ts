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

const LineTrend = z
  .object({
    current: z.number(),
    prior: z.number(),
    change: z.number().describe('current − prior.'),
    changeRatio: z.number().optional().describe('change / |prior|, four decimals; omitted when prior is 0.'),
    direction: z.enum(['up', 'down', 'flat']),
  })
  .meta({ id: 'FinancialLineTrend' });

export const FinancialData = z
  .object({
    fiscalYear: z
      .object({ year: z.number().int(), startDate: z.string().optional(), endDate: z.string().optional() })
      .optional()
      .describe(
        'The year the accounts cover: `year` of its end date; dates (YYYY-MM-DD) when the statement names the period end (twelve months to it).',
      ),
    approvalDate: z.string().optional().describe('When the board approved the accounts (YYYY-MM-DD), as the statement prints it.'),
    currency: z.string().optional().describe('ISO 4217 code of every amount, as the statement states it.'),
    analysis: z
      .object({
        summary: z.string().optional().describe('One sentence: rating, health score, revenue and result.'),
        narrativeAnalysis: z
          .string()
          .optional()
          .describe('A short paragraph generated deterministically from the figures (no language model).'),
        healthScore: z
          .number()
          .optional()
          .describe(
            'Integer 0–100: round(100 × Σ wᵢ·sᵢ / Σ wᵢ) over the ratios known, sᵢ = clamp((ratio − worst) / (best − worst), 0, 1) with ' +
              '(weight, worst, best): currentRatio (25, 0.5, 2), quickRatio (10, 0.3, 1.5), debtToEquity (25, 3, 0.5), ' +
              'netProfitMargin (25, −0.05, 0.15), revenueGrowth (15, −0.1, 0.1). Equity printed at or below zero scores 0 on debtToEquity. ' +
              'Omitted when no ratio is known.',
          ),
        ratios: z
          .object({
            currentRatio: z.number().optional().describe('currentAssets / currentLiabilities, two decimals.'),
            quickRatio: z
              .number()
              .optional()
              .describe('(currentAssets − inventories) / currentLiabilities, two decimals; omitted when inventories are not printed.'),
            debtToEquity: z.number().optional().describe('totalLiabilities / equity, two decimals; omitted when equity ≤ 0.'),
            netProfitMargin: z
              .number()
              .optional()
              .describe('netIncome / revenue as a fraction (0.0834 = 8.34 %), four decimals; omitted when revenue ≤ 0.'),
            returnOnEquity: z.number().optional().describe('netIncome / equity as a fraction, four decimals; omitted when equity ≤ 0.'),
            revenueGrowth: z
              .number()
              .optional()
              .describe('(revenue − prior-year revenue) / prior-year revenue as a fraction, four decimals; needs the comparative column.'),
          })
          .optional()
          .describe(
            'Computed from `incomeStatement`, `balanceSheet` and the prior-year column only; a ratio whose input is missing or whose denominator is not positive is omitted, never estimated.',
          ),
        insights: z
          .array(
            z.object({
              category: z.enum(['liquidity', 'profitability', 'solvency', 'efficiency', 'growth', 'risk']).optional(),
              title: z.string(),
              description: z.string().optional(),
              riskLevel: z
                .enum(['low', 'medium', 'high', 'critical'])
                .optional()
                .describe('strong band low, adequate medium, weak high; negative equity critical.'),
              metricValue: z
                .union([z.number(), z.string()])
                .optional()
                .describe('The ratio (or, for negative equity, the equity amount) the insight is about, as shown (1.85x, 8.3%).'),
              metric: z.number().optional().describe('The same figure as a number.'),
              recommendation: z.string().optional(),
            }),
          )
          .optional()
          .describe('One per computed ratio, by fixed bands, plus one for negative equity.'),
        strengths: z.array(z.string()).optional().describe('Descriptions of the insights in their strong band.'),
        concerns: z.array(z.string()).optional().describe('Descriptions of the insights in their weak band, and negative equity.'),
        overallRisk: z
          .enum(['low', 'medium', 'high', 'critical'])
          .optional()
          .describe('From the health score: 70 and above low, 50 medium, 30 high, below critical; medium when not scored.'),
        trends: z
          .object({
            revenueDirection: z.enum(['increasing', 'stable', 'decreasing', 'unknown']).optional(),
            profitabilityDirection: z.enum(['improving', 'stable', 'declining', 'unknown']).optional().describe('From net income.'),
            debtDirection: z.enum(['decreasing', 'stable', 'increasing', 'unknown']).optional().describe('From total liabilities.'),
            comparedWithYear: z.number().int().optional().describe('The prior fiscal year of the comparative column.'),
            lines: z
              .record(z.string(), LineTrend)
              .optional()
              .describe('By line-item key of `incomeStatement` and `balanceSheet`, for lines printed in both years.'),
          })
          .optional()
          .describe('Year on year: directions `unknown` and no lines when the statement prints no prior-year column.'),
      })
      .optional(),
    incomeStatement: z
      .record(z.string(), z.number())
      .optional()
      .describe(
        'Line items in `currency` as printed for the year: revenue, costOfSales, grossProfit, operatingExpenses, operatingIncome, financeCosts, ' +
          'profitBeforeTax, incomeTax, netIncome (those the statement prints). Costs are positive; losses negative.',
      ),
    balanceSheet: z
      .record(z.string(), z.number())
      .optional()
      .describe(
        'Line items in `currency` at the year end: cash, tradeReceivables, inventories, currentAssets, nonCurrentAssets, totalAssets, ' +
          'currentLiabilities, nonCurrentLiabilities, totalLiabilities, equity (those the statement prints).',
      ),
  })
  .describe("Figures extracted from the document's own bytes (text of the PDF, by the labels the statement prints) and their analysis.")
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
    isAIEnriched: z
      .boolean()
      .optional()
      .describe(
        'True when name, description, period or category were inferred from the filing, or `extractedFinancialData` was extracted from its bytes (spec §1.4).',
      ),
  })
  .meta({ id: 'DocumentItem' });
export type DocumentItem = z.infer<typeof DocumentItem>;

export const Documents = z
  .object(
    Object.fromEntries(
      DOCUMENT_CATEGORIES.map((c) => [c, (SINGLE_DOCUMENT_CATEGORIES.includes(c) ? DocumentItem : z.array(DocumentItem)).optional()]),
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
    isAIEnriched: z
      .boolean()
      .optional()
      .describe('True when name, description, period or category were inferred from the filing (spec §1.4).'),
  })
  .meta({ id: 'AvailableDocument' });
export type AvailableDocument = z.infer<typeof AvailableDocument>;
