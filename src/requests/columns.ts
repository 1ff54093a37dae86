// The columns of a request and of its items as the repository's reads and the statement parts' answers return them,
// named as RequestRow and ItemRow name them.

export const REQUEST_COLUMNS = `id, account_id as "accountId", country_code as "countryCode", company_id as "companyId", mode,
  data_points as "dataPoints", documents, options, metadata, company_legal_name as "companyLegalName",
  enrichment, created_at as "createdAt", updated_at as "updatedAt"`;
export const ITEM_COLUMNS = `request_id as "requestId", kind, name, status, authoritative, cost, error, result, source, attempts,
  billing_unit as "billingUnit", uncharged, updated_at as "updatedAt"`;
