/** The company a unit is billed for: dedup and inclusion look at one account, register and company. */
export interface BillingSubject {
  accountId: string;
  countryCode: string;
  companyId: string;
}
