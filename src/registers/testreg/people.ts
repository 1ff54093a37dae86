import type { Individual, LegalRepresentative, OtherKeyPerson, Shareholder, UltimateBeneficialOwner } from '../../contract/index.ts';
import { companyRef, factsOf, money, type Facts } from './generator.ts';
import { groupMemberOf, type GroupMember } from './groups.ts';
import { appointedWithinLife } from './lifetime.ts';
import { dateIn, person, vocabulary, wordId } from './names.ts';
import { rngFor, stableId } from './random.ts';

/**
 * The people of a generated company. Person `n` of a company is the same individual wherever it appears (a
 * director who also holds shares, a shareholder who is a beneficial owner), with the same entityId.
 */
function personAt(companyId: string, n: number): { individual: Individual; entityId: string } {
  return { individual: person(rngFor(companyId, `person:${n}`)), entityId: stableId('ent', companyId, `person:${n}`) };
}

const SECRETARY = 10; // person numbers from here on never hold shares or sign

export function legalRepresentativesOf(id: string, facts: Facts = factsOf(id)): LegalRepresentative[] {
  const rng = rngFor(id, 'representatives');
  const llp = facts.identity.legalForm.key === 'llp';
  // An LLP is run by its designated members; the role they play is that of a director.
  const title = llp ? 'Designated Member' : 'Director';
  const role = { standardized: 'Director', localName: title, englishTranslation: title };
  const reps: LegalRepresentative[] = [];
  const count = rng.int(1, 3);
  for (let n = 0; n < count; n++) {
    reps.push({
      type: 'individual',
      ...personAt(id, n),
      role,
      startDate:
        n === 0 ? facts.incorporationDate : appointedWithinLife(dateIn(rng, facts.incorporationYear + 1, facts.lastActiveYear), facts),
      representationMode: { mode: 'sole' },
    });
  }
  if (!llp && rng.chance(0.2)) {
    const directorId = wordId(rng, 'NOMINEES');
    reps.push({
      type: 'company',
      entityId: stableId('ent', id, `corporate-director:${directorId}`),
      company: companyRef(directorId),
      representedBy: person(rngFor(id, 'corporate-director:representative')),
      role: { standardized: 'Director', localName: 'Corporate Director', englishTranslation: 'Corporate Director' },
      startDate: appointedWithinLife(dateIn(rng, facts.incorporationYear + 1, facts.lastActiveYear), facts),
      representationMode: { mode: 'sole' },
    });
  }
  return reps;
}

export function otherKeyPersonsOf(id: string, facts: Facts = factsOf(id)): OtherKeyPerson[] {
  const rng = rngFor(id, 'key-persons');
  const form = facts.identity.legalForm.key;
  const out: OtherKeyPerson[] = [];
  // A public company must have a secretary and an auditor; a small private one usually has neither.
  if (form === 'plc' || (form === 'ltd' && rng.chance(0.5))) {
    out.push({
      type: 'individual',
      ...personAt(id, SECRETARY),
      role: { standardized: 'Secretary', localName: 'Company Secretary', englishTranslation: 'Company Secretary' },
      startDate: appointedWithinLife(dateIn(rng, facts.incorporationYear, facts.lastActiveYear), facts),
    });
  }
  if (form === 'plc' || rng.chance(0.3)) {
    const auditorId = wordId(rng, 'ACCOUNTANTS');
    out.push({
      type: 'company',
      entityId: stableId('ent', id, `auditor:${auditorId}`),
      company: companyRef(auditorId),
      role: { standardized: 'Auditor', localName: 'Auditor', englishTranslation: 'Auditor' },
      startDate: appointedWithinLife(dateIn(rng, facts.incorporationYear + 1, facts.lastActiveYear), facts),
    });
  }
  return out;
}

/** Integer percentages from weights that sum to exactly 100 (largest remainder), largest first. */
export function percentages(weights: number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0);
  const raw = weights.map((w) => (w * 100) / total);
  const out = raw.map(Math.floor);
  const order = raw.map((r, i) => [r - Math.floor(r), i] as const).sort((a, b) => b[0] - a[0] || a[1] - b[1]);
  const missing = 100 - out.reduce((s, p) => s + p, 0);
  for (let k = 0; k < missing; k++) out[order[k % out.length]![1]]! += 1;
  return out.sort((a, b) => b - a);
}

/**
 * The corporate owner of a company, if any. Owners form short chains that always end: an operating company may
 * be owned by a `…-HOLDINGS` company, a holdings company by a `…-GROUP` company, and a group only by people.
 */
export function parentIdOf(id: string): string | undefined {
  const rng = rngFor(id, 'parent');
  const upper = id.toUpperCase();
  if (upper.endsWith('-GROUP')) return undefined;
  if (upper.endsWith('-HOLDINGS')) return rng.chance(0.6) ? wordId(rng, rng.pick(vocabulary.sectorWords), 'GROUP') : undefined;
  return rng.chance(0.8) ? wordId(rng, rng.pick(vocabulary.sectorWords), 'HOLDINGS') : undefined;
}

/** The shares behind a percentage: shares have a nominal value of one unit and are fully paid. */
function held(facts: Facts, pct: number) {
  const amount = Math.round((facts.capital.amount * pct) / 100);
  return {
    numberOfShares: amount,
    nominalCapitalHeld: money(amount, facts.capital.currency),
    paidInAmount: money(amount, facts.capital.currency),
  };
}

/** A showcase group's owners (groups.json): its people are the same individuals in every company of the group. */
function groupShareholdersOf(m: GroupMember, facts: Facts): Shareholder[] {
  return m.owners.map((o): Shareholder => {
    const shares = { sharePercentage: o.pct, ...held(facts, o.pct) };
    if ('person' in o) {
      return {
        type: 'individual',
        individual: person(rngFor(m.group, `person:${o.person}`)),
        entityId: stableId('ent', m.group, `person:${o.person}`),
        ...shares,
      };
    }
    if ('company' in o)
      return { type: 'company', entityId: stableId('ent', m.id, `owner:${o.company}`), company: companyRef(o.company), ...shares };
    const { countryCode, id, legalName } = o.foreign;
    return {
      type: 'company',
      entityId: stableId('ent', m.id, `owner:${countryCode}:${id}`),
      company: { id, countryCode, legalName },
      ...shares,
    };
  });
}

export function shareholdersOf(id: string, facts: Facts = factsOf(id)): Shareholder[] {
  const member = groupMemberOf(id);
  if (member) return groupShareholdersOf(member, facts);
  const rng = rngFor(id, 'shareholders');
  const parent = parentIdOf(id);
  const count = rng.int(2, 4);
  const shares = percentages(Array.from({ length: count }, () => rng.int(1, 10)));
  return shares.map((pct, n): Shareholder => {
    if (n === 0 && parent) {
      // The corporate owner takes the largest stake, so that ownership chains carry real control.
      return {
        type: 'company',
        entityId: stableId('ent', id, `owner:${parent}`),
        company: companyRef(parent),
        sharePercentage: pct,
        ...held(facts, pct),
      };
    }
    return { type: 'individual', ...personAt(id, parent ? n - 1 : n), sharePercentage: pct, ...held(facts, pct) };
  });
}

// The UK "person with significant control" bands: more than 25%, more than 50%, 75% or more.
function band(pct: number) {
  if (pct > 75) return { lower: 75, upper: 100 };
  if (pct > 50) return { lower: 50, upper: 75 };
  return { lower: 25, upper: 50 };
}

/**
 * Beneficial owners, computed from the ownership chain so that they agree with the shareholders: everyone who
 * holds more than 25%, directly or through the corporate owners. When nobody does, the first director is
 * reported as senior managing official, as UK rules ask.
 */
export function ultimateBeneficialOwnersOf(id: string, facts: Facts = factsOf(id)): UltimateBeneficialOwner[] {
  const owners = new Map<string, { individual: Individual; total: number; direct: boolean }>();
  // A company already on the path (a cross-holding) is not entered again; other registers' companies are not followed.
  const path = new Set<string>([id]);
  const walk = (companyId: string, factor: number, depth: number) => {
    for (const sh of shareholdersOf(companyId)) {
      const pct = ((sh.sharePercentage ?? 0) * factor) / 100;
      if (sh.type === 'individual' && sh.individual && sh.entityId) {
        const o = owners.get(sh.entityId) ?? { individual: sh.individual, total: 0, direct: false };
        o.total += pct;
        o.direct ||= depth === 0;
        owners.set(sh.entityId, o);
      } else if (sh.company?.id && sh.company.countryCode === 'TEST' && depth < 4 && !path.has(sh.company.id)) {
        path.add(sh.company.id);
        walk(sh.company.id, pct, depth + 1);
        path.delete(sh.company.id);
      }
    }
  };
  walk(id, 100, 0);
  const ubos = [...owners.entries()]
    .filter(([, o]) => o.total > 25)
    .sort((a, b) => b[1].total - a[1].total)
    .map(([entityId, o]): UltimateBeneficialOwner => {
      const range = band(o.total);
      return {
        ...o.individual,
        entityId,
        control: {
          controlType: o.direct ? 'ownershipOfShares' : 'indirectOwnershipOfShares',
          types: ['ownership-of-shares', 'voting-rights'],
          description: `Holds, ${o.direct ? 'directly' : 'through other companies'}, more than ${range.lower}% of the shares and voting rights`,
          percentageDetails: [
            { type: 'ownershipOfShares', range },
            { type: 'votingRights', range },
          ],
        },
      };
    });
  if (ubos.length > 0) return ubos;
  const [first] = legalRepresentativesOf(id, facts);
  if (!first?.individual) return [];
  return [
    {
      ...first.individual,
      ...(first.entityId ? { entityId: first.entityId } : {}),
      control: {
        controlType: 'seniorManagingOfficial',
        types: ['significant-influence-or-control'],
        description: 'No natural person holds more than 25%; the senior managing official is reported instead',
        percentageDetails: [],
      },
    },
  ];
}
