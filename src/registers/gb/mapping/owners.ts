import type { Shareholder, UltimateBeneficialOwner } from '../../../contract/index.ts';
import { natureOfControl, pscStatement, superSecure } from '../enumerations.ts';
import type { GbPsc } from '../record.ts';
import { addressOf } from './address.ts';
import { companyReferenceOf } from './people.ts';
import { countryOf } from './tables.ts';

type Control = NonNullable<UltimateBeneficialOwner['control']>;
type Range = { lower: number; upper: number };

/** The kinds of a nature of control, in the order `controlType` prefers them. */
const KINDS = [
  { prefix: 'ownership-of-shares', type: 'ownershipOfShares' },
  { prefix: 'voting-rights', type: 'votingRights' },
  { prefix: 'right-to-share-surplus-assets', type: 'rightToShareSurplusAssets' },
  { prefix: 'right-to-appoint-and-remove', type: 'rightToAppointDirectors' },
  { prefix: 'significant-influence-or-control', type: 'significantInfluence' },
] as const;

/** The band a nature names: `…-25-to-50-percent…` → (25, 50]; `…-more-than-25-percent…` → (25, 100]. */
export function bandOf(nature: string): Range | undefined {
  const m = /-(\d{2})-to-(\d{2,3})-percent/.exec(nature);
  if (m) return { lower: Number(m[1]), upper: Number(m[2]) };
  const more = /-more-than-(\d{2})-percent/.exec(nature);
  return more ? { lower: Number(more[1]), upper: 100 } : undefined;
}

/**
 * The control of a PSC from its natures of control (psc_descriptions.yml): share, voting and surplus-asset bands
 * become `percentageDetails` ranges (25-50, 50-75, 75-100); the right to appoint directors and significant influence
 * are control types without a range. Held through a trust or a firm is said in `additionalDetails`.
 */
export function controlOf(natures: readonly string[]): Control {
  const kinds = natures.map((n) => ({ n, kind: KINDS.find((k) => n.startsWith(k.prefix)) }));
  const first = KINDS.find((k) => kinds.some((x) => x.kind === k));
  const percentageDetails = kinds.flatMap(({ n, kind }) => {
    const range = bandOf(n);
    return kind && range ? [{ type: kind.type, range }] : [];
  });
  const via = [...new Set(natures.flatMap((n) => (/-as-trust/.test(n) ? ['trust'] : /-as-firm/.test(n) ? ['firm'] : [])))];
  const description = natures.map((n) => natureOfControl(n) ?? n).join(' ');
  return {
    ...(first ? { controlType: first.type } : {}),
    ...(description ? { description } : {}),
    percentageDetails,
    ...(via.length ? { additionalDetails: `Held as ${via.map((v) => `a ${v}`).join(' and ')} (trustee or member)` } : {}),
  };
}

const isIndividual = (p: GbPsc) => p.kind === 'individual-person-with-significant-control' || p.kind === 'individual-beneficial-owner';
const isCorporate = (p: GbPsc) => /^(corporate-entity|legal-person)-/.test(p.kind);
const isCurrent = (p: GbPsc) => !p.ceased_on;
const pscIdOf = (p: GbPsc) => /\/persons-with-significant-control\/[a-z-]+\/([^/]+)$/.exec(p.links?.self ?? '')?.[1];

function nameOf(p: GbPsc) {
  const e = p.name_elements;
  if (e?.surname) {
    const first = [e.forename, e.middle_name].filter(Boolean).join(' ');
    return { fullName: [first, e.surname].filter(Boolean).join(' '), ...(first ? { firstName: first } : {}), lastName: e.surname };
  }
  return p.name ? { fullName: p.name } : undefined;
}

/**
 * Beneficial owners: every current individual PSC, with its control; a super-secure PSC (details withheld by law) as
 * an owner without particulars whose control says so. Corporate PSCs are owners, not beneficial owners: they are
 * `shareholders` and the graph follows them.
 */
export function ultimateBeneficialOwnersOf(pscs: readonly GbPsc[]): UltimateBeneficialOwner[] {
  return pscs.filter(isCurrent).flatMap((p): UltimateBeneficialOwner[] => {
    if (p.kind.startsWith('super-secure')) {
      return [
        {
          control: {
            controlType: 'superSecure',
            description: superSecure(p.description ?? '') ?? 'Details withheld',
            percentageDetails: [],
          },
        },
      ];
    }
    if (!isIndividual(p)) return [];
    const name = nameOf(p);
    const nationality = countryOf(p.nationality);
    const residence = countryOf(p.country_of_residence);
    const serviceAddress = addressOf(p.address);
    const id = pscIdOf(p);
    return [
      {
        ...(name ? { name } : {}),
        ...(p.date_of_birth ? { birthDate: { month: p.date_of_birth.month, year: p.date_of_birth.year } } : {}),
        ...(nationality ? { nationality } : {}),
        ...(residence ? { residenceAddress: { countryCode: residence } } : {}),
        ...(serviceAddress ? { serviceAddress } : {}),
        ...(id ? { entityId: id } : {}),
        control: controlOf(p.natures_of_control ?? []),
      },
    ];
  });
}

/**
 * Owners from the PSC register: holders of more than 25 % of the shares (individuals and companies) and corporate PSCs
 * with other control. The register publishes bands, not exact holdings: `sharePercentage` is the band's lower bound
 * (what is known for sure), the band itself is in `source`. Corporate owners carry their registration number so the
 * graph continues into GB companies.
 */
export function shareholdersOf(pscs: readonly GbPsc[]): Shareholder[] {
  return pscs.filter(isCurrent).flatMap((p): Shareholder[] => {
    const shares = (p.natures_of_control ?? [])
      .map(bandOf)
      .find((_, i) => (p.natures_of_control ?? [])[i]!.startsWith('ownership-of-shares'));
    if (!isCorporate(p) && !(isIndividual(p) && shares)) return [];
    const source = shares
      ? `PSC register: holds more than ${shares.lower}%${shares.upper < 100 ? ` and at most ${shares.upper}%` : ''} of the shares`
      : 'PSC register: controls the company without a share band';
    const id = pscIdOf(p);
    const base = {
      ...(id ? { entityId: id } : {}),
      ...(shares ? { sharePercentage: shares.lower, sharePercentageRange: { lower: shares.lower, upper: shares.upper } } : {}),
      source,
    };
    if (isCorporate(p)) return [{ type: 'company', ...base, company: companyReferenceOf(p.name, p.identification) }];
    const name = nameOf(p);
    return [
      {
        type: 'individual',
        ...base,
        individual: {
          ...(name ? { name } : {}),
          ...(p.date_of_birth ? { birthDate: { month: p.date_of_birth.month, year: p.date_of_birth.year } } : {}),
        },
      },
    ];
  });
}

/** The current statements (`no registrable person`…), worded by the register's table, to report beside the owners. */
export function statementsOf(pscs: readonly GbPsc[]): { date?: string; text: string }[] {
  return pscs
    .filter((p) => p.kind === 'persons-with-significant-control-statement' && isCurrent(p) && p.statement)
    .map((p) => ({ ...(p.notified_on ? { date: p.notified_on } : {}), text: pscStatement(p.statement!) ?? p.statement! }));
}

export interface OwnershipNote {
  name: string;
  date?: string;
  reason: string;
}

/**
 * What a reader of the owners needs beside the lists (`dataSources.<block>.overall.documents`), so that an empty or
 * short list is never read as "no owner": the register's statements; for beneficial owners, the relevant legal
 * entities they are held through (their own PSC registers name the individuals; the graph follows them); when no
 * current entry is left, that every PSC ceased and when; when the register holds no entry at all, that.
 */
export function ownershipNotesOf(entries: readonly GbPsc[], dataPoint: 'shareholders' | 'ultimateBeneficialOwners'): OwnershipNote[] {
  const notes: OwnershipNote[] = statementsOf(entries).map((s) => ({
    name: 'Statement of the PSC register',
    ...(s.date ? { date: s.date } : {}),
    reason: s.text,
  }));
  const current = entries.filter(isCurrent);
  const corporate = current.filter(isCorporate);
  if (
    dataPoint === 'ultimateBeneficialOwners' &&
    corporate.length &&
    !current.some((p) => isIndividual(p) || p.kind.startsWith('super-secure'))
  ) {
    const names = corporate.map((p) => {
      const ref = companyReferenceOf(p.name, p.identification);
      return `${p.name ?? 'a legal entity'}${ref.id ? ` (${[ref.countryCode, ref.id].filter(Boolean).join(' ')})` : ''}`;
    });
    notes.push({
      name: 'Relevant legal entities',
      reason: `No individual is registered here: the company is controlled through ${names.join(' and ')}, whose own beneficial owners are registered with them (the ownership graph follows them)`,
    });
  }
  if (!current.length && entries.length) {
    const last = entries
      .map((p) => p.ceased_on)
      .filter((d): d is string => d !== undefined)
      .sort()
      .at(-1);
    notes.push({
      name: 'Ceased persons with significant control',
      ...(last ? { date: last } : {}),
      reason: `Every person with significant control registered for the company has ceased${last ? ` (the last on ${last})` : ''}; none is current`,
    });
  }
  if (!entries.length)
    notes.push({ name: 'PSC register', reason: 'The register holds no person with significant control and no statement for this company' });
  return notes;
}
