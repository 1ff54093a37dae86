import { z } from 'zod';

/**
 * The public inquiry application's JSON protocol (registers/us-ny.md §2): `POST
 * /PublicInquiryWeb/api/PublicInquiry/<Endpoint>`. Answers are read leniently (missing or null fields, numbers as
 * strings), since the portal changes without notice; requests are written exactly.
 */
export const PORTAL_PATH = '/PublicInquiryWeb/api/PublicInquiry/';

const text = z.string().nullish();
const numberish = z.union([z.number(), z.string()]).nullish();

export const PortalAddress = z
  .object({ streetAddress: text, addressLine2: text, city: text, state: text, zipCode: text, country: text })
  .partial()
  .passthrough();

export const NamedAddress = z.object({ name: text, address: PortalAddress.nullish() }).partial().passthrough();
export type NamedAddress = z.infer<typeof NamedAddress>;

export const EntityGeneralInfo = z
  .object({
    dosID: z.union([z.string(), z.number()]).transform(String),
    entityName: z.string(),
    entityType: text,
    entityStatus: text,
    reasonForStatus: text,
    inactiveDate: text,
    dateOfInitialDosFiling: text,
    effectiveDateInitialFiling: text,
    foreignFormationDate: text,
    foreignLegalName: text,
    durationDate: text,
    sectionofLaw: text,
    statementStatus: text,
    nextStatementDueDate: text,
    county: text,
    jurisdiction: text,
  })
  .passthrough();

export const StockShareInfo = z.object({ stockTypeDescriptor: text, quantity: numberish, stockValue: numberish }).partial().passthrough();

/** `GetEntityRecordByID` answer; a sandbox `live` record is one of these (CONTRACT §5). */
export const EntityRecordResponse = z
  .object({
    requestStatus: text,
    resultIndicator: text,
    entityGeneralInfo: EntityGeneralInfo.nullish(),
    sopAddress: NamedAddress.nullish(),
    ceo: NamedAddress.nullish(),
    registeredAgent: NamedAddress.nullish(),
    poExecAddress: NamedAddress.nullish(),
    locationAddress: NamedAddress.nullish(),
    stockShareInfoList: z.array(StockShareInfo).nullish(),
  })
  .passthrough()
  .meta({ id: 'UsNyEntityRecord', description: 'A GetEntityRecordByID answer of the NY Department of State public inquiry portal.' });
export type EntityRecordResponse = z.infer<typeof EntityRecordResponse>;

export const EntityRecordRequest = z.object({
  SearchID: z.string(),
  EntityName: z.string().default(''),
  AssumedNameFlag: z.string().default('false'),
});
export type EntityRecordRequest = z.infer<typeof EntityRecordRequest>;

export const SearchRequest = z.object({
  searchValue: z.string(),
  searchByTypeIndicator: z.enum(['EntityName', 'DosId']),
  searchExpressionIndicator: z.enum(['BeginsWith', 'Contains', 'BaseWord']),
  entityStatusIndicator: z.enum(['AllStatuses', 'Active', 'Inactive', 'Suspended']),
  entityTypeIndicator: z.array(z.string()),
  listPaginationInfo: z.object({ listStartRecord: z.number().int().min(1), listEndRecord: z.number().int().min(1) }),
});
export type SearchRequest = z.infer<typeof SearchRequest>;

export const SearchResultItem = z
  .object({
    dosID: z.union([z.string(), z.number()]).transform(String),
    entityName: z.string(),
    entityStatus: text,
    entityType: text,
    jurisdiction: text,
    county: text,
    initialFilingDate: text,
    assumedName: text,
    assumedNameID: text,
  })
  .passthrough();

export const SearchResponse = z
  .object({ requestStatus: text, totalMatchingCount: numberish, entitySearchResultList: z.array(SearchResultItem).nullish() })
  .passthrough();
export type SearchResponse = z.infer<typeof SearchResponse>;

/** `GetNameHistoryByID`, `GetAssumedNameHistoryByID`, `GetFilingHistoryByID` requests. */
export const HistoryRequest = z
  .object({
    SearchID: z.string(),
    EntityName: z.string().optional(),
    AssumedNameFlag: z.string().optional(),
    ListSortedBy: z.string().optional(),
    listPaginationInfo: z.object({ listStartRecord: z.number().int(), listEndRecord: z.number().int() }).optional(),
  })
  .passthrough();

/**
 * One filing of `GetFilingHistoryByID`'s `filingHistoryResultList`: `fileDate`, `certCode`, `documentType` (e.g.
 * "CERTIFICATE OF MERGER"), `pageCount`, `fileNumber`, `filingDocGUID`, and `amendmentDescription` when
 * `amendmentDescriptionFlag` is set (what the filing amended or, for a merger, the certificate's title naming the
 * constituents). The portal publishes no document images.
 */
export const FilingHistoryItem = z
  .object({
    fileDate: text,
    effectiveDate: text,
    certCode: text,
    documentType: text,
    pageCount: numberish,
    fileNumber: z
      .union([z.string(), z.number()])
      .nullish()
      .transform((v) => (v === null || v === undefined ? v : String(v))),
    filingDocGUID: text,
    amendmentDescription: text,
    amendmentDescriptionFlag: z.union([z.boolean(), z.string()]).nullish(),
  })
  .partial()
  .passthrough();
export type FilingHistoryItem = z.infer<typeof FilingHistoryItem>;

/** `GetFilingHistoryByID` answer. */
export const FilingHistoryResponse = z
  .object({
    requestStatus: text,
    resultIndicator: text,
    totalMatchingCount: numberish,
    filingHistoryResultList: z.array(FilingHistoryItem).nullish(),
  })
  .passthrough();
export type FilingHistoryResponse = z.infer<typeof FilingHistoryResponse>;

/** Whether an entity record answer says the id is unknown. */
export function isUnknownId(r: EntityRecordResponse): boolean {
  return /invalid|notfound|no ?record/i.test(r.resultIndicator ?? '') || !r.entityGeneralInfo;
}
