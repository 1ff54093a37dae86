import type { Company } from '../../../contract/index.ts';
import { REGISTRATION_NUMBER_KEY, UUID_KEY } from '../ids.ts';
import type { CompanyDetails } from '../portal/protocol.ts';
import { inferActivitiesOfType, companyTypeText } from './activities.ts';
import { addressOf } from './address.ts';
import { mapLegalForm } from './legal-form.ts';
import { mapStatus } from './status.ts';

/** "EUR 1,164.69": the amount with the grouping the registry prints, two decimals. */
export function formatMoney(amount: number, currency: string): string {
  return `${currency} ${amount.toLocaleString('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
}

/**
 * The public profile of a company page (spec §2.11): both identifiers, the state classified by spec §3.3, the
 * legal form of type and subtype (§3.4), the issued capital, the registered office, and activity codes inferred
 * from the company-type text, which also makes the activity description.
 */
export async function companyOf(companyId: string, c: CompanyDetails): Promise<Company> {
  const activities = await inferActivitiesOfType(c.type, c.subtype, c.name);
  return {
    countryCode: 'MT',
    id: companyId,
    identifiers: { [REGISTRATION_NUMBER_KEY]: c.registrationNumber, [UUID_KEY]: c.uuid },
    legalName: c.name,
    status: mapStatus(c.state, c.stateEffectiveDate),
    ...(c.registrationDate ? { registrationDate: c.registrationDate, incorporationDate: c.registrationDate } : {}),
    legalForm: mapLegalForm(c),
    ...(c.issuedCapital !== undefined
      ? { capital: { amount: c.issuedCapital, currency: c.currency, formatted: formatMoney(c.issuedCapital, c.currency) } }
      : {}),
    ...(activities ? { activities } : {}),
    activityDescription: companyTypeText(c.type, c.subtype),
    ...(c.registeredOffice ? { legalAddress: addressOf(c.registeredOffice, 'MT') } : {}),
  };
}
