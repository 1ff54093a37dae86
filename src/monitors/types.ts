/** A company under monitoring, by register and id: several monitors (of several accounts) share its snapshots. */
export interface CompanyKey {
  countryCode: string;
  companyId: string;
}

/** The map key of a company in batches. */
export const keyOf = (k: CompanyKey) => `${k.countryCode}:${k.companyId}`;
