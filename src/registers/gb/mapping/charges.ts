import type { CompanyRelationship } from '../../../contract/index.ts';
import { chargeStatus } from '../enumerations.ts';
import type { GbCharge } from '../record.ts';

/** A charge still secures a debt while it is outstanding or only partly satisfied. */
const OPEN = new Set(['outstanding', 'part-satisfied']);
export const isOpenCharge = (c: GbCharge) => OPEN.has(c.status);

/** `1 outstanding charge`, `2 outstanding charges`: said in the status's `additionalInfo` (undefined for none). */
export function openChargesNote(charges: readonly GbCharge[]): string | undefined {
  const n = charges.filter(isOpenCharge).length;
  return n ? `${n} outstanding charge${n === 1 ? '' : 's'} registered over the company's assets` : undefined;
}

/**
 * The secured creditors of a company, from its register of charges (`/company/{number}/charges`): each person entitled
 * to a charge still open (outstanding or part-satisfied) is a `securedCreditor` relationship, dated by the charge's
 * creation, described by its number, status (the register's wording) and classification. Satisfied charges secure
 * nothing any more and are left out (their filings stay in the filing history). The persons entitled are names only:
 * the register gives no number, so the company reference has no id (the graph does not follow it).
 */
export function securedCreditorsOf(charges: readonly GbCharge[]): CompanyRelationship[] {
  return charges.filter(isOpenCharge).flatMap((c) => {
    const what = c.classification?.description;
    const status = chargeStatus(c.status) ?? c.status;
    const description = [
      `Charge${c.charge_number === undefined ? '' : ` ${c.charge_number}`}: ${status}`,
      what ? `(${what})` : undefined,
      c.delivered_on ? `delivered ${c.delivered_on}` : undefined,
    ]
      .filter(Boolean)
      .join(' ');
    return (c.persons_entitled ?? []).map((p) => ({
      relation: 'securedCreditor',
      company: { legalName: p.name },
      ...(c.created_on ? { effectiveDate: c.created_on } : {}),
      description,
    }));
  });
}
