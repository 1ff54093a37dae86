import type { CompanyRelationship, Establishment, Subsidiary } from '../../contract/index.ts';
import { companyRef, factsOf, money, type Facts } from './generator.ts';
import { groupHoldingsOf, groupMemberOf } from './groups.ts';
import { withinLife } from './lifetime.ts';
import { address, cityOf, dateIn, vocabulary } from './names.ts';
import { rngFor } from './random.ts';

/** Subsidiaries carry the parent's first name word (`ACME-HOLDING` owns `ACME-LOGISTICS`), as groups name them. */
export function subsidiariesOf(id: string, facts: Facts = factsOf(id)): Subsidiary[] {
  const member = groupMemberOf(id);
  if (member) {
    // A showcase group's holdings are the other side of its shareholdings (groups.json).
    return groupHoldingsOf(member).map(({ id: subId, pct }) => ({
      company: companyRef(subId),
      sharePercentage: pct,
      totalSharePercentage: pct,
      votingRightsPercentage: pct,
    }));
  }
  const rng = rngFor(id, 'subsidiaries');
  const holding = /-(HOLDINGS|GROUP)$/i.test(id);
  const count = holding
    ? rng.int(1, 2)
    : rng.weighted([
        [0, 50],
        [1, 35],
        [2, 15],
      ] as const);
  const stem = (facts.identity.baseName.split(' ')[0] ?? 'Test').toUpperCase();
  const ids = rng
    .sample(vocabulary.sectorWords, count + 1)
    .map((sector) => `${stem}-${sector.toUpperCase()}`)
    .filter((sub) => sub.toUpperCase() !== id.toUpperCase())
    .slice(0, count);
  return ids.map((subId) => {
    const pct = rng.pick([51, 60, 75, 100]);
    const amount = rng.pick([100, 1_000, 10_000]) * pct;
    return {
      company: companyRef(subId),
      sharePercentage: pct,
      totalSharePercentage: pct,
      votingRightsPercentage: pct,
      numberOfShares: amount,
      nominalCapitalHeld: money(amount, facts.capital.currency),
      paidInAmount: money(amount, facts.capital.currency),
      acquisitionDate: withinLife(dateIn(rng, facts.incorporationYear + 1, facts.lastActiveYear), facts),
    };
  });
}

/** The registered office first, then branches in other cities; a closed company's establishments are closed too. */
export function establishmentsOf(id: string, facts: Facts = factsOf(id)): Establishment[] {
  const rng = rngFor(id, 'establishments');
  const home = cityOf(facts.legalAddress);
  const others = rng.sample(
    vocabulary.cities.filter((c) => c !== home),
    rng.weighted([
      [0, 4],
      [1, 4],
      [2, 2],
    ] as const),
  );
  const closed = facts.closure ? { active: false, endDate: facts.closure.date } : { active: true };
  return [
    {
      name: `${facts.identity.baseName} - Registered Office`,
      id: `${id}-B1`,
      creationDate: facts.incorporationDate,
      ...closed,
      address: facts.legalAddress,
    },
    ...others.map((city, i): Establishment => {
      const opened = rng.int(facts.incorporationYear + 1, facts.lastActiveYear);
      // Some branches closed while the company went on.
      const shut = !facts.closure && opened < facts.lastActiveYear && rng.chance(0.25);
      return {
        name: `${facts.identity.baseName} - ${city.city} Branch`,
        id: `${id}-B${i + 2}`,
        creationDate: withinLife(dateIn(rng, opened, opened), facts),
        ...(shut ? { active: false, endDate: dateIn(rng, opened + 1, facts.lastActiveYear) } : closed),
        address: address(rng, city),
      };
    }),
  ];
}

/** One company in ten absorbed another by merger. */
export function companyRelationshipsOf(id: string, facts: Facts = factsOf(id)): CompanyRelationship[] {
  const rng = rngFor(id, 'relationships');
  if (!rng.chance(0.1)) return [];
  const other = companyRef(`${rng.pick(vocabulary.companyWords)}-${rng.pick(vocabulary.sectorWords)}`.toUpperCase());
  const effectiveDate = withinLife(dateIn(rng, facts.incorporationYear + 1, facts.lastActiveYear), facts);
  return [
    {
      relation: 'mergedFrom',
      company: other,
      effectiveDate,
      description: `${other.legalName} merged into ${facts.identity.legalName} on ${effectiveDate}`,
    },
  ];
}
