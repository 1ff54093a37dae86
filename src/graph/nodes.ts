import { createHash } from 'node:crypto';
import type { Individual, Shareholder } from '../contract/index.ts';

export type BirthDate = NonNullable<Individual['birthDate']>;

/** A company of the graph, addressed by its register: node id `CC:companyId` (spec §4.2). */
export interface CompanyRef {
  nodeId: string;
  countryCode: string;
  companyId: string;
  legalName?: string;
}

/** An owner as one shareholder line names it. */
export type Owner =
  | { kind: 'company'; ref: CompanyRef; expandable: boolean }
  | { kind: 'individual'; nodeId: string; name?: string; birthDate?: BirthDate; entityId?: string };

export function companyNodeId(countryCode: string, companyId: string): string {
  return `${countryCode}:${companyId}`;
}

export function companyRef(countryCode: string, companyId: string, legalName?: string): CompanyRef {
  return { nodeId: companyNodeId(countryCode, companyId), countryCode, companyId, ...(legalName ? { legalName } : {}) };
}

const digest = (...parts: string[]) => createHash('sha256').update(parts.join('\u0000'), 'utf8').digest('hex').slice(0, 12);

/**
 * The owner a shareholder line names. A person is the same node wherever the register gives the same entityId
 * (TEST: a director who holds shares in two companies of a group); without one, the same name and birth date.
 * A company without an id cannot be looked up: it becomes a node of its own that is never expanded.
 */
export function ownerOf(sh: Shareholder, ownedCountry: string): Owner {
  if (sh.type === 'company') {
    const countryCode = sh.company?.countryCode ?? ownedCountry;
    const name = sh.company?.legalName;
    if (sh.company?.id) return { kind: 'company', ref: companyRef(countryCode, sh.company.id, name), expandable: true };
    return {
      kind: 'company',
      ref: {
        nodeId: `company:${digest(countryCode, name ?? sh.entityId ?? '')}`,
        countryCode,
        companyId: '',
        ...(name ? { legalName: name } : {}),
      },
      expandable: false,
    };
  }
  const person = sh.individual;
  const name = person?.name?.fullName ?? ([person?.name?.firstName, person?.name?.lastName].filter(Boolean).join(' ') || undefined);
  const nodeId = sh.entityId ? `person:${sh.entityId}` : `person:${digest(name ?? '', JSON.stringify(person?.birthDate ?? {}))}`;
  return {
    kind: 'individual',
    nodeId,
    ...(name ? { name } : {}),
    ...(person?.birthDate ? { birthDate: person.birthDate } : {}),
    ...(sh.entityId ? { entityId: sh.entityId } : {}),
  };
}
