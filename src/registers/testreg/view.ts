import type { SandboxRecord } from '../../sandbox/store.ts';
import { generatedDocuments, type PriceOf } from './document-list.ts';
import { factsOf, generateCompany, type Facts } from './generator.ts';
import { legalRepresentativesOf, otherKeyPersonsOf, shareholdersOf, ultimateBeneficialOwnersOf } from './people.ts';
import { parseStoredRecord, storedView, type TestCompanyView } from './record.ts';
import { companyRelationshipsOf, establishmentsOf, subsidiariesOf } from './structure.ts';

/** Everything about a generated company. Pure: the same id gives the same view in every process. */
export function generateView(id: string, priceOf: PriceOf): TestCompanyView {
  const parts = partGenerators(id, priceOf);
  return Object.fromEntries(Object.entries(parts).map(([part, generate]) => [part, generate()])) as unknown as TestCompanyView;
}

/** The company behind an id: the operator's stored record when there is one, else the generated company. */
export function viewOf(id: string, stored: SandboxRecord | undefined, priceOf: PriceOf): TestCompanyView {
  if (!stored) return generateView(id, priceOf);
  return storedView(id, parseStoredRecord(id, stored.record), generateCompany);
}

/**
 * Some parts of the company behind an id (`viewOf`). A generated company's other parts are not generated: a request
 * for the company block reads two of the nine, and generating all of them was 12 % of the service's CPU on the
 * onboarding path.
 */
export function viewParts<K extends keyof TestCompanyView>(
  id: string,
  stored: SandboxRecord | undefined,
  priceOf: PriceOf,
  parts: readonly K[],
): Pick<TestCompanyView, K> {
  const view = stored ? viewOf(id, stored, priceOf) : undefined;
  const generators = view ? undefined : partGenerators(id, priceOf);
  return Object.fromEntries(parts.map((part) => [part, view ? view[part] : generators![part]()])) as Pick<TestCompanyView, K>;
}

/** Each part of a generated company, made when called; the facts they share are drawn once. */
function partGenerators(id: string, priceOf: PriceOf): { [P in keyof TestCompanyView]: () => TestCompanyView[P] } {
  let facts: Facts | undefined;
  const factsOfId = () => (facts ??= factsOf(id));
  return {
    company: () => generateCompany(id),
    legalRepresentatives: () => legalRepresentativesOf(id, factsOfId()),
    otherKeyPersons: () => otherKeyPersonsOf(id, factsOfId()),
    shareholders: () => shareholdersOf(id, factsOfId()),
    subsidiaries: () => subsidiariesOf(id, factsOfId()),
    ultimateBeneficialOwners: () => ultimateBeneficialOwnersOf(id, factsOfId()),
    establishments: () => establishmentsOf(id, factsOfId()),
    companyRelationships: () => companyRelationshipsOf(id, factsOfId()),
    availableDocuments: () => generatedDocuments(factsOfId(), priceOf),
  };
}
