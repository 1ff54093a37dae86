import type { CompanySummary } from '../portal/protocol.ts';
import type { RegistryCompany } from './directory.ts';

/** The search list's columns of a company. */
export function summaryOf(c: RegistryCompany): CompanySummary {
  const co = c.record.company;
  return {
    uuid: co.uuid!,
    registrationNumber: co.registrationNumber!,
    name: co.name,
    type: co.type,
    ...(co.subtype ? { subtype: co.subtype } : {}),
    state: co.state,
    ...(co.registrationDate ? { registrationDate: co.registrationDate } : {}),
    ...(co.registeredOffice ? { registeredOffice: co.registeredOffice } : {}),
  };
}

const fold = (s: string) => s.normalize('NFKC').toLowerCase().replace(/\s+/g, ' ').trim();

/**
 * The system's name search: every company whose name contains the words typed, in that order (case- and
 * space-insensitive), exact names first, then by name. It refuses fewer than 3 characters, as the real one does.
 */
export function matchName(query: string, companies: RegistryCompany[]): RegistryCompany[] {
  const q = fold(query);
  const hits = companies.filter((c) => fold(c.record.company.name).includes(q));
  const exact = (c: RegistryCompany) => (fold(c.record.company.name) === q ? 0 : 1);
  return hits.sort((a, b) => exact(a) - exact(b) || a.record.company.name.localeCompare(b.record.company.name));
}
