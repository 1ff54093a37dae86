import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { Address, LegalRepresentative, OtherKeyPerson } from '../../../contract/index.ts';
import { COUNTRY } from './company.ts';

/** A party named by either source, before mapping: the CEO, the registered agent, the agent for service of process. */
export interface Party {
  party: 'ceo' | 'registeredAgent' | 'sopAgent';
  name: string;
  address?: Address;
}

const Role = z.object({
  party: z.enum(['ceo', 'registeredAgent', 'sopAgent']),
  list: z.enum(['legalRepresentatives', 'otherKeyPersons']),
  standardized: z.string(),
  localName: z.string(),
  englishTranslation: z.string(),
  corporationsOnly: z.boolean().optional(),
});
const roles = z.object({ roles: z.array(Role) }).parse(JSON.parse(readFileSync(new URL('./roles.json', import.meta.url), 'utf8'))).roles;

// Words that make a name a firm's ("C T CORPORATION SYSTEM", "THE LLC", "C/O ... ESQ." stays a person).
const FIRM =
  /\b(INC|INCORPORATED|CORP|CORPORATION|COMPANY|CO|LLC|L\.L\.C|LLP|LP|LTD|PLLC|P\.C|PC|SYSTEM|SERVICES?|AGENTS?|GROUP|TRUST|BANK|ASSOCIATES|PARTNERSHIP|THE)\b\.?/i;

/** Corporations file biennial statements naming a CEO; other entity types publish no officers (spec §2.11). */
export function publishesOfficers(entityType: string | undefined): boolean {
  return /\b(BUSINESS|PROFESSIONAL) CORPORATION\b/i.test(entityType ?? '');
}

function entityIdOf(dosId: string, p: Party): string {
  return `usny_${createHash('sha256').update(`${dosId}\u0000${p.party}\u0000${p.name.toUpperCase()}`).digest('hex').slice(0, 12)}`;
}

/**
 * How the Department of State names an entity that receives process itself: "THE CORPORATION", "THE LLC", "THE
 * PARTNERSHIP" (…) is not a firm of that name but the entity the record is about.
 */
const ITSELF = /^THE (CORPORATION|COMPANY|LLC|L\.L\.C\.?|LIMITED LIABILITY COMPANY|PARTNERSHIP|LIMITED PARTNERSHIP|LLP|PLLC|ENTITY)\.?$/i;

/** The entity a record is about, for a party that is the entity itself. */
export interface RecordEntity {
  dosId: string;
  legalName: string | undefined;
}

function personOf(entity: RecordEntity, p: Party, role: (typeof roles)[number]) {
  const { dosId } = entity;
  const base = {
    entityId: entityIdOf(dosId, p),
    role: { standardized: role.standardized, localName: role.localName, englishTranslation: role.englishTranslation },
  };
  if (p.party !== 'ceo' && ITSELF.test(p.name.trim())) {
    // The entity is its own agent: a reference to it (its id, country and name), not a firm called "THE CORPORATION".
    const company = {
      id: dosId,
      countryCode: COUNTRY,
      legalName: entity.legalName ?? p.name,
      ...(p.address ? { legalAddress: p.address } : {}),
    };
    return { ...base, type: 'company' as const, company };
  }
  // A CEO is a natural person; agents are mostly firms.
  if (p.party !== 'ceo' && FIRM.test(p.name)) {
    return { ...base, type: 'company' as const, company: { legalName: p.name, ...(p.address ? { legalAddress: p.address } : {}) } };
  }
  const words = p.name
    .replace(/^C\/O\s+/i, '')
    .replace(/,?\s+ESQ\.?$/i, '')
    .split(/\s+/)
    .filter(Boolean);
  return {
    ...base,
    type: 'individual' as const,
    individual: {
      name: {
        fullName: p.name,
        ...(words.length >= 2 ? { firstName: words[0]!, lastName: words[words.length - 1]! } : {}),
      },
    },
  };
}

/**
 * The people of an entity in the public shapes: the CEO of a corporation as legal representative (Chief Executive
 * Officer), the registered agent and the agent for service of process as other key persons (Other). A CEO named for
 * an entity type that publishes no officers is left out. Only firms keep an address (`company.legalAddress`): the
 * public shape has no business address for an individual, and the agents' addresses are in the verification
 * profile's `usState.addresses`.
 */
export function mapPeople(entity: RecordEntity, entityType: string | undefined, parties: readonly Party[]) {
  const legalRepresentatives: LegalRepresentative[] = [];
  const otherKeyPersons: OtherKeyPerson[] = [];
  for (const p of parties) {
    const role = roles.find((r) => r.party === p.party);
    if (!role || !p.name.trim()) continue;
    if (role.corporationsOnly && !publishesOfficers(entityType)) continue;
    const person = personOf(entity, p, role);
    if (role.list === 'legalRepresentatives') legalRepresentatives.push(person);
    else otherKeyPersons.push(person);
  }
  return { legalRepresentatives, otherKeyPersons };
}
