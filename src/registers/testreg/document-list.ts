import type { AvailableDocument } from '../../contract/index.ts';
import { AS_OF_YEAR, type Facts } from './generator.ts';
import { approvalDateOf } from './financials.ts';
import { dateIn } from './names.ts';
import { rngFor } from './random.ts';

/** The document types of the TEST catalogue; each is also its category. */
export const DOCUMENT_TYPES = ['tradeRegisterExtract', 'articlesOfAssociation', 'financialStatements', 'annualReturns'] as const;
export type TestDocumentType = (typeof DOCUMENT_TYPES)[number];

/** Price of a document type in credit cents, read from the catalogue. */
export type PriceOf = (type: string) => number | undefined;

const PREFIX = 'TEST-DOC-';
const ID_RE = new RegExp(`^${PREFIX}(.+)-(${DOCUMENT_TYPES.join('|')})-(\\d{4})$`);

/** `TEST-DOC-<companyId>-<type>-<year>`: the id says whose document it is, so it can be checked against the company. */
export function documentIdOf(companyId: string, type: TestDocumentType, year: number): string {
  return `${PREFIX}${companyId}-${type}-${year}`;
}

export function parseDocumentId(documentId: string): { companyId: string; type: TestDocumentType; year: number } | undefined {
  const m = ID_RE.exec(documentId);
  return m ? { companyId: m[1]!, type: m[2] as TestDocumentType, year: Number(m[3]) } : undefined;
}

export function describeDocument(type: TestDocumentType, year: number) {
  switch (type) {
    case 'tradeRegisterExtract':
      return {
        name: 'Trade register extract',
        description: 'Extract from the TEST register: profile, officers and shareholders',
        estimatedDeliverySeconds: 5,
      };
    case 'articlesOfAssociation':
      return { name: 'Articles of association', description: `Articles of association adopted in ${year}`, estimatedDeliverySeconds: 30 };
    case 'financialStatements':
      return {
        name: `Annual accounts ${year}`,
        description: `Financial statements for the year ended 31 December ${year}`,
        estimatedDeliverySeconds: 30,
      };
    case 'annualReturns':
      return {
        name: `Confirmation statement ${year}`,
        description: `Annual return (confirmation statement) made up to ${year}`,
        estimatedDeliverySeconds: 10,
      };
  }
}

/**
 * The 3 to 5 documents a generated company has filed: its extract, its articles, the accounts of its last one to
 * three years (never before its first full year, never after it closed) and, for a live company with room left,
 * its last confirmation statement.
 */
export function generatedDocuments(facts: Facts, priceOf: PriceOf): AvailableDocument[] {
  const rng = rngFor(facts.id, 'documents');
  const item = (type: TestDocumentType, year: number, date: string, period = false): AvailableDocument => {
    const price = priceOf(type);
    return {
      id: documentIdOf(facts.id, type, year),
      ...describeDocument(type, year),
      type,
      format: 'PDF',
      date,
      ...(period ? { period: { year } } : {}),
      ...(price !== undefined ? { price } : {}),
    };
  };
  const docs = [
    item('tradeRegisterExtract', facts.closure?.year ?? AS_OF_YEAR, facts.closure?.date ?? `${AS_OF_YEAR}-01-02`),
    item('articlesOfAssociation', facts.incorporationYear, facts.incorporationDate),
  ];
  const lastAccounts = Math.min(AS_OF_YEAR - 1, (facts.closure?.year ?? AS_OF_YEAR) - 1);
  const years = rng.int(1, 3);
  for (let y = lastAccounts; y > lastAccounts - years && y > facts.incorporationYear; y--) {
    // Accounts are filed after the board approved them (financials.ts), within a month, and never after the company closed.
    const approved = approvalDateOf(facts.id, y, facts.closure?.date);
    const later = new Date(Date.parse(`${approved}T00:00:00Z`) + rng.int(0, 30) * 86_400_000).toISOString().slice(0, 10);
    const filed = facts.closure && facts.closure.date < later ? facts.closure.date : later;
    docs.push(item('financialStatements', y, filed, true));
  }
  if (!facts.closure && docs.length < 5) {
    docs.push(item('annualReturns', AS_OF_YEAR - 1, dateIn(rng, AS_OF_YEAR - 1, AS_OF_YEAR - 1)));
  }
  return docs;
}
