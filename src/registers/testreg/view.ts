import type { SandboxRecord } from '../../sandbox/store.ts';
import { generatedDocuments, type PriceOf } from './document-list.ts';
import { factsOf, generateCompany } from './generator.ts';
import { legalRepresentativesOf, otherKeyPersonsOf, shareholdersOf, ultimateBeneficialOwnersOf } from './people.ts';
import { parseStoredRecord, storedView, type TestCompanyView } from './record.ts';
import { companyRelationshipsOf, establishmentsOf, subsidiariesOf } from './structure.ts';

/** Everything about a generated company. Pure: the same id gives the same view in every process. */
export function generateView(id: string, priceOf: PriceOf): TestCompanyView {
  const facts = factsOf(id);
  return {
    company: generateCompany(id),
    legalRepresentatives: legalRepresentativesOf(id, facts),
    otherKeyPersons: otherKeyPersonsOf(id, facts),
    shareholders: shareholdersOf(id, facts),
    subsidiaries: subsidiariesOf(id, facts),
    ultimateBeneficialOwners: ultimateBeneficialOwnersOf(id, facts),
    establishments: establishmentsOf(id, facts),
    companyRelationships: companyRelationshipsOf(id, facts),
    availableDocuments: generatedDocuments(facts, priceOf),
  };
}

/** The company behind an id: the operator's stored record when there is one, else the generated company. */
export function viewOf(id: string, stored: SandboxRecord | undefined, priceOf: PriceOf): TestCompanyView {
  if (!stored) return generateView(id, priceOf);
  return storedView(id, parseStoredRecord(id, stored.record), generateCompany);
}
