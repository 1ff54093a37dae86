import { transliterateResponse } from '../enrichment/transliteration/apply.ts';
import type { CompanyResponse, DataPoint, DataStatusEntry, DocumentCategory, DocumentItem, Mode } from '../contract/index.ts';
import { SINGLE_DOCUMENT_CATEGORIES } from '../contract/index.ts';
import type { ItemRow, RequestRow } from '../requests/types.ts';
import type { UrlSigner } from '../documents/signer.ts';
import { fetchOf } from './plan.ts';
import { ENRICHMENT_SOURCE } from './agentic-enrichment.ts';
import { publicGraph } from '../graph/public-view.ts';
import type { Graph } from '../contract/index.ts';

/** Response keys filled by each data point, and the dataSources key it reports under. */
const PLACEMENT: Partial<Record<DataPoint, { key: keyof CompanyResponse; sources?: string }>> = {
  legalRepresentatives: { key: 'legalRepresentatives', sources: 'legalRepresentatives' },
  otherKeyPersons: { key: 'otherKeyPersons', sources: 'otherKeyPersons' },
  establishments: { key: 'establishments', sources: 'establishments' },
  shareholders: { key: 'shareholders', sources: 'shareholders' },
  subsidiaries: { key: 'subsidiaries', sources: 'subsidiaries' },
  ultimateBeneficialOwners: { key: 'ultimateBeneficialOwners', sources: 'ultimateBeneficialOwners' },
  availableDocuments: { key: 'availableDocuments' },
  graph: { key: 'graph' },
};

function statusEntry(item: ItemRow): DataStatusEntry {
  return {
    status: item.status,
    ...(item.status === 'succeeded' && item.kind === 'dataPoint' ? { authoritative: item.authoritative ?? false } : {}),
    cost: item.cost,
    ...(item.error ? { error: item.error as DataStatusEntry['error'] } : {}),
  };
}

/** Builds the public response (spec §4.2) from a request and its items: only requested data appears. */
export function assembleResponse(
  request: RequestRow,
  items: ItemRow[],
  ctx: { signer: UrlSigner; nowMs: number; workspaceName?: string; transliterate?: boolean },
): CompanyResponse {
  const dataPointStatus: Record<string, DataStatusEntry> = {};
  const documentStatus: Record<string, DataStatusEntry> = {};
  const response: CompanyResponse = {
    request: {
      countryCode: request.countryCode,
      dataPoints: request.dataPoints as DataPoint[],
      documents: request.documents,
      companyId: request.companyId,
      requestId: request.id,
      mode: request.mode as Mode,
      dataStatus: { dataPoints: dataPointStatus, documents: documentStatus },
      metadata: request.metadata,
      ...(request.companyLegalName ? { companyLegalName: request.companyLegalName } : {}),
      workspace: (request.options.workspace as { id: string; name: string; legalName: string } | undefined) ?? {
        id: request.accountId,
        ...(ctx.workspaceName ? { name: ctx.workspaceName } : {}),
      },
      createdAt: request.createdAt.toISOString(),
      updatedAt: request.updatedAt.toISOString(),
    },
  };
  const dataSources: Record<string, unknown> = {};
  const documents: Partial<Record<DocumentCategory, DocumentItem | DocumentItem[]>> = {};

  for (const item of items) {
    if (item.kind === 'document') {
      documentStatus[item.name] = statusEntry(item);
      if (item.status === 'succeeded' && item.result) placeDocument(documents, item.result as StoredDocument, ctx);
      continue;
    }
    dataPointStatus[item.name] = statusEntry(item);
    if (item.status !== 'succeeded' && item.status !== 'enriching') continue;
    const dp = item.name as DataPoint;
    if (fetchOf(dp) === 'company') {
      const data = item.result as { company: CompanyResponse['company']; companyRelationships?: CompanyResponse['companyRelationships'] };
      response.company = data.company;
      // companyRelationships is not a data point of its own: it rides on the company block, and appears only when the
      // register found some (spec §4.2, "only requested data appears"); an empty list, and its provenance, stay out.
      const related = data.companyRelationships?.length ? data.companyRelationships : undefined;
      if (related) response.companyRelationships = related;
      if (item.source) dataSources.company = related ? item.source : withoutField(item.source, 'companyRelationships');
      continue;
    }
    const place = PLACEMENT[dp];
    if (!place) continue;
    (response as Record<string, unknown>)[place.key] = dp === 'graph' ? publicGraph(item.result as Graph) : item.result;
    if (place.sources && item.source) dataSources[place.sources] = item.source;
  }
  if (request.options.agenticEnrichment === true) applyEnrichment(request, response, dataSources);
  if (Object.keys(dataSources).length) response.dataSources = dataSources as CompanyResponse['dataSources'];
  if (Object.keys(documents).length) response.documents = documents as CompanyResponse['documents'];
  // The one place a response is transliterated (`transliterate: true` on POST, `?transliterate=true` on GET).
  return ctx.transliterate ? transliterateResponse(response) : response;
}

/** A block's provenance without the entry of a field the response leaves out. */
function withoutField(source: unknown, field: string): unknown {
  const block = source as { fields?: Record<string, unknown> };
  if (!block.fields || !(field in block.fields)) return source;
  const { [field]: _dropped, ...fields } = block.fields;
  return { ...block, fields };
}

const ENRICHMENT_PENDING =
  'Agentic enrichment runs when every requested data point and document has settled; this report replaces this line then.';

/**
 * The enrichment's report, and the company values it derived, filled only where the register gave none and marked
 * `inferred` in dataSources.company.fields with the evidence.
 */
function applyEnrichment(request: RequestRow, response: CompanyResponse, dataSources: Record<string, unknown>): void {
  const enrichment = request.enrichment;
  const report = enrichment?.report ?? ENRICHMENT_PENDING;
  response.enrichmentReport = report;
  response.request.enrichmentReport = report;
  const company = response.company as Record<string, unknown> | undefined;
  if (!enrichment || !company) return;
  const block = (dataSources.company ?? {}) as { overall?: unknown; fields?: Record<string, unknown> };
  for (const fill of enrichment.filled) {
    if (company[fill.field] !== undefined) continue;
    company[fill.field] = fill.value;
    block.fields = {
      ...block.fields,
      [fill.field]: {
        type: 'inferred',
        register: ENRICHMENT_SOURCE,
        retrievedAt: enrichment.completedAt,
        documents: [{ name: 'agentic enrichment', date: enrichment.completedAt.slice(0, 10), reason: fill.evidence }],
      },
    };
  }
  dataSources.company = block;
}

type StoredDocument = DocumentItem & { category: DocumentCategory; type?: string; fileId: string };

function placeDocument(
  documents: Partial<Record<DocumentCategory, DocumentItem | DocumentItem[]>>,
  stored: StoredDocument,
  ctx: { signer: UrlSigner; nowMs: number },
) {
  const { category, type: _type, fileId, ...item } = stored;
  const url = ctx.signer.sign(fileId, ctx.nowMs);
  const signed: DocumentItem = { ...item, url, ...(item.format === 'PDF' ? { pdfUrl: url } : {}), blobName: fileId };
  if (SINGLE_DOCUMENT_CATEGORIES.includes(category)) documents[category] = signed;
  else documents[category] = [...((documents[category] as DocumentItem[] | undefined) ?? []), signed];
}
