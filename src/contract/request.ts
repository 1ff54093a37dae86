import { z } from 'zod';
import { CompanyCountry, Metadata, MetadataInput, OnboardingCountry, Timestamp } from './common.ts';
import { Company } from './company.ts';
import { DataSources } from './data-sources.ts';
import { AvailableDocument, Documents } from './documents.ts';
import { ItemError } from './errors.ts';
import { EVEN_WHEN_OTHER_FIELDS_FAIL, MISSING_FIELD } from './messages.ts';
import { PublicGraph } from './graph.ts';
import {
  CompanyRelationship,
  Establishment,
  LegalRepresentative,
  OtherKeyPerson,
  Shareholder,
  Subsidiary,
  UltimateBeneficialOwner,
} from './people.ts';

export const DATA_POINTS = [
  'company',
  'companyProfile',
  'legalRepresentatives',
  'otherKeyPersons',
  'establishments',
  'shareholders',
  'subsidiaries',
  'ultimateBeneficialOwners',
  'availableDocuments',
  'graph',
] as const;
export const DataPoint = z.enum(DATA_POINTS).meta({ id: 'DataPoint' });
export type DataPoint = z.infer<typeof DataPoint>;

export const Mode = z.enum(['onboarding', 'verification']).meta({ id: 'Mode' });
export type Mode = z.infer<typeof Mode>;

// A number as the incumbent types it (decimals included); the request engine caps at its whole credit cents.
const budget = z.number().min(0).max(1e12).describe('Credit cents (a decimal is rounded down).');
/** Lenient metadata: limits of spec §8 are applied (trim, skip), only the shape is validated. */
const metadataInput = MetadataInput.optional();

const CompanyRequestFields = z
  .object({
    id: z.string().trim().min(1).max(200).describe('Company id from search.'),
    countryCode: CompanyCountry,
    dataPoints: z
      .array(DataPoint)
      .max(DATA_POINTS.length)
      .optional()
      .describe('Data to retrieve; defaults to ["company"] when neither dataPoints nor documents are given.'),
    mode: Mode.default('verification'),
    documents: z.array(z.string().min(1).max(200)).max(100).optional().describe('Ids of documents to retrieve.'),
    graphContinueFromNodeIds: z
      .array(
        z
          .string()
          .regex(
            /^([A-Z]{2}|US-[A-Z]{2}|TEST):\S+$/,
            'a node id: the country code (2 capital letters, US- and 2 capital letters, or TEST), a colon, then the company ' +
              'id without spaces, e.g. TEST:GRAPH-CHAIN',
          ),
      )
      .max(100)
      .optional()
      .describe(
        'Node ids (CC:companyId) of graph nodes with a continuation, from an earlier graph of the same company: the graph is ' +
          'rebuilt from the company (what was paid for within the dedup window costs 0) and these nodes, and the owners above them, are expanded.',
      ),
    graphMaxBudget: budget.optional().describe('Credit cents. Cap on what the graph spends on expansions; maxBudget applies too.'),
    graphInteractive: z
      .boolean()
      .optional()
      .describe("Expand one level only: the company's owners (or, continuing, the listed nodes' owners)."),
    profileMaxBudget: budget
      .optional()
      .describe('Credit cents. Cap on the company-profile block: above it, the block fails with budget_exceeded.'),
    maxBudget: budget
      .optional()
      .describe(
        'Credit cents. Total cap: blocks are taken in the order company, legalRepresentatives, ultimateBeneficialOwners, shareholders, ' +
          'subsidiaries, then the others, then documents; what does not fit fails with budget_exceeded (its cost in error.cost) ' +
          'and the rest proceeds. Deduplicated and included items cost 0 and always fit.',
      ),
    fast: z
      .boolean()
      .optional()
      .describe(
        "Prefer speed over freshness: a data point the service fetched from the register for this company within the block's " +
          'window (24 hours unless the pricing says otherwise) is served from that retrieval, without a register call, marked ' +
          '`cached_from_registry` in dataSources with its original retrievedAt. A verification retrieval may serve an onboarding ' +
          'request, not the reverse. Likewise a document the same account was delivered for this company within the ' +
          "document's window is served from its stored file. Billing is the same as without it. Otherwise the register is called as usual.",
      ),
    authoritative: z
      .boolean()
      .optional()
      .describe(
        'Accept only authoritative sources: data points whose block is not authoritative in the requested mode (see ' +
          '`authoritative` in GET /v2/pricing) are not fetched and fail with datapoint_not_supported, cost 0; with `fast`, only an ' +
          'authoritative earlier retrieval may serve. When nothing requested is authoritative the request is refused (406).',
      ),
    agenticEnrichment: z.boolean().optional(),
    includeFormerOfficers: z
      .boolean()
      .optional()
      .describe(
        'Keep legal representatives and other key persons who have left office (resigned), each with its `endDate`, where the ' +
          'register publishes them (GB). Without it the lists hold current office holders only. Billing is the same; `fast` ' +
          'reuses only retrievals made with the same value.',
      ),
    transliterate: z
      .boolean()
      .optional()
      .describe(
        'Romanise names, addresses, person names and activity descriptions of this response (e.g. Hanyu Pinyin, written as ' +
          'GB/T 16159 writes names and addresses: capitalised words, Latin letters and digits as written, ASCII parentheses); ' +
          'stored data, webhooks and billing are unaffected.',
      ),
    metadata: metadataInput,
  })
  .strict();
/** A complete request, as the request engine runs it. */
export type CompanyRequestBody = z.infer<typeof CompanyRequestFields>;

/**
 * The body of `POST /v2/company`, as the incumbent accepts it: a request (`id` and `countryCode`), a graph
 * continuation (`graphContinueFromNodeIds`; the company is the one of the earlier graph holding those nodes), or only
 * `requestId`, which re-reads an earlier result (as `GET /v2/company/{requestId}`, signed URLs refreshed).
 */
export const CompanyRequestInput = CompanyRequestFields.partial({ id: true, countryCode: true })
  .extend({
    requestId: z
      .string()
      .min(1)
      .max(100)
      .optional()
      .describe('Alone: re-reads that earlier request’s latest result, not billed, signed document URLs refreshed.'),
  })
  .superRefine((body, ctx) => {
    // A continuation counts only as a list: one sent as a string is wrong itself, and the company is still unnamed.
    if (body.requestId !== undefined || (Array.isArray(body.graphContinueFromNodeIds) && body.graphContinueFromNodeIds.length)) return;
    for (const key of ['id', 'countryCode'] as const) {
      if (body[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: MISSING_FIELD });
    }
    // An empty list is a request for nothing, not one the register cannot serve (406): without the field, `company`.
    if (body.dataPoints?.length === 0 && !body.documents?.length) {
      ctx.addIssue({
        code: 'custom',
        path: ['dataPoints'],
        message: 'the request asks for nothing: name at least one data point or document (without dataPoints, company is retrieved)',
      });
    }
  }, EVEN_WHEN_OTHER_FIELDS_FAIL)
  .meta({ id: 'CompanyRequest' });
export type CompanyRequestInput = z.infer<typeof CompanyRequestInput>;

/** As the incumbent's: a request (`id`, `countryCode`), or `requestId` alone to re-read an earlier result. */
export const OnboardingRequestBody = z
  .object({
    id: z.string().trim().min(1).max(200).optional(),
    countryCode: OnboardingCountry.optional(),
    dataPoints: z.array(z.literal('companyProfile')).max(1).optional(),
    metadata: metadataInput,
    requestId: z.string().min(1).max(100).optional().describe('Alone: re-reads that earlier request’s latest result.'),
  })
  .strict()
  .superRefine((body, ctx) => {
    if (body.requestId !== undefined) return;
    for (const key of ['id', 'countryCode'] as const) {
      if (body[key] === undefined) ctx.addIssue({ code: 'custom', path: [key], message: MISSING_FIELD });
    }
  }, EVEN_WHEN_OTHER_FIELDS_FAIL)
  .meta({ id: 'OnboardingRequest' });

export const ItemStatus = z.enum(['succeeded', 'in_progress', 'enriching', 'failed']).meta({ id: 'ItemStatus' });
export type ItemStatus = z.infer<typeof ItemStatus>;

export const DataStatusEntry = z
  .object({
    status: ItemStatus,
    authoritative: z.boolean().optional(),
    cost: z
      .number()
      .int()
      .describe(
        'Credit cents charged for this item: 0 when deduplicated, included, free or failed. Data points of one catalogue block ' +
          '(e.g. company and companyProfile) are charged once: the cost sits on the first of them to succeed (company before ' +
          'companyProfile when together), the others show 0.',
      ),
    error: ItemError.optional(),
  })
  .meta({ id: 'DataStatusEntry' });
export type DataStatusEntry = z.infer<typeof DataStatusEntry>;

export const RequestRecord = z
  .object({
    countryCode: z.string(),
    dataPoints: z.array(DataPoint),
    documents: z.array(z.string()),
    companyId: z.string(),
    requestId: z.string(),
    mode: Mode,
    dataStatus: z.object({
      dataPoints: z.record(z.string(), DataStatusEntry),
      documents: z.record(z.string(), DataStatusEntry),
    }),
    metadata: Metadata,
    enrichmentReport: z.string().optional(),
    companyLegalName: z.string().optional(),
    workspace: z
      .object({ id: z.string(), name: z.string().optional(), legalName: z.string().optional() })
      .optional()
      .describe('The workspace the request was made for (`x-topograph-workspace` header); without one, the account that made it.'),
    createdAt: Timestamp,
    updatedAt: Timestamp,
  })
  .meta({ id: 'Request' });
export type RequestRecord = z.infer<typeof RequestRecord>;

const resultFields = {
  company: Company.optional(),
  ultimateBeneficialOwners: z.array(UltimateBeneficialOwner).optional(),
  legalRepresentatives: z.array(LegalRepresentative).optional(),
  shareholders: z.array(Shareholder).optional(),
  subsidiaries: z.array(Subsidiary).optional(),
  establishments: z.array(Establishment).optional(),
  otherKeyPersons: z.array(OtherKeyPerson).optional(),
  graph: PublicGraph.optional(),
  documents: Documents.optional(),
  availableDocuments: z.array(AvailableDocument).optional(),
  companyRelationships: z.array(CompanyRelationship).optional(),
  dataSources: DataSources.optional(),
  enrichmentReport: z.string().optional(),
};

export const CompanyResponse = z
  .object({ request: RequestRecord, ...resultFields })
  .meta({ id: 'CompanyResponse', description: 'Only requested data appears.' });
export type CompanyResponse = z.infer<typeof CompanyResponse>;

/**
 * The deprecated onboarding route names the country `country` (spec §2.1); the incumbent's schema requires
 * `countryCode` there too, so both are given.
 */
export const OnboardingResponse = z
  .object({
    request: RequestRecord.extend({ country: z.string() }),
    ...resultFields,
  })
  .meta({ id: 'OnboardingResponse' });

export const RequestIdParams = z.object({ requestId: z.string().min(1).max(100) });

/** `POST /v2/company?transliterate=true`: where the incumbent puts the flag (the body's works too). */
export const CompanyCreateQuery = z.object({
  transliterate: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional()
    .describe('As the body’s `transliterate`.'),
});

/** `GET /v2/company/{requestId}?transliterate=true`: the same romanisation as the request body's flag. */
export const CompanyGetQuery = z.object({
  transliterate: z
    .enum(['true', 'false', '1', '0'])
    .transform((v) => v === 'true' || v === '1')
    .optional()
    .describe('true: romanise names, addresses, person names and activity descriptions in the response.'),
});
