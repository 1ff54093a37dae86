import type { ServerResponse } from 'node:http';
import type { GbFiling } from '../record.ts';
import type { CompanyDirectory, RegisterCompany } from './directory.ts';
import { DOCUMENT_HOST, documentKeyOfFiling } from './filings.ts';
import { renderFilingPdf } from './filing-pdf.ts';

export interface FoundDocument {
  key: string;
  company: RegisterCompany;
  filing: GbFiling;
}

/** The filing a Document API id belongs to (the register's document ids are global, not per company). */
export async function findDocument(directory: CompanyDirectory, key: string): Promise<FoundDocument | undefined> {
  for (const company of await directory.all()) {
    const filing = company.record.filingHistory.find((f) => documentKeyOfFiling(f) === key);
    if (filing) return { key, company, filing };
  }
  return undefined;
}

/** The content types on offer: the PDF always; the iXBRL too when the operator stored one for the document. */
function resourcesOf(d: FoundDocument): Record<string, { content_length?: number }> {
  const stored = d.company.record.documents[d.key];
  return {
    'application/pdf': {},
    ...(stored?.contentType === 'application/xhtml+xml' ? { 'application/xhtml+xml': { content_length: stored.content.length } } : {}),
  };
}

/**
 * `GET /document/{id}`: the metadata; `GET /document/{id}/content`: the content type the `Accept` header names
 * (the PDF when it names none on offer, as the register's redirect to the file does); 406 for a type not on offer.
 */
export async function documentResponse(d: FoundDocument, content: boolean, accept: string | undefined, res: ServerResponse): Promise<void> {
  const resources = resourcesOf(d);
  if (!content) {
    const body = JSON.stringify({
      company_number: d.company.number,
      barcode: d.filing.barcode ?? d.key.slice(0, 8).toUpperCase(),
      significant_date: `${d.filing.date}T00:00:00Z`,
      significant_date_type: d.filing.category === 'accounts' ? 'made-up-date' : '',
      category: d.filing.category,
      pages: d.filing.pages ?? 1,
      created_at: `${d.filing.date}T09:00:00Z`,
      links: { self: `${DOCUMENT_HOST}/document/${d.key}`, document: `${DOCUMENT_HOST}/document/${d.key}/content` },
      resources,
    });
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    return void res.end(body);
  }
  const wanted = (accept ?? 'application/pdf').split(',').map((t) => t.split(';')[0]!.trim());
  const type = wanted.find((t) => t in resources) ?? (wanted.some((t) => t === '*/*') ? 'application/pdf' : undefined);
  if (!type) {
    res.writeHead(406, { 'content-type': 'application/json' });
    return void res.end(JSON.stringify({ errors: [{ error: 'content-type-not-available', type: 'ch:service' }] }));
  }
  const stored = d.company.record.documents[d.key];
  const bytes =
    stored && stored.contentType === type
      ? type === 'application/pdf'
        ? Buffer.from(stored.content, 'base64')
        : Buffer.from(stored.content, 'utf8')
      : await renderFilingPdf(d.company.record.profile, d.company.number, d.filing);
  res.writeHead(200, { 'content-type': type, 'content-length': bytes.length });
  res.end(bytes);
}
