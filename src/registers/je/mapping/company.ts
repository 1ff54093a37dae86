import type { Company } from '../../../contract/index.ts';
import { RegisterError } from '../../errors.ts';
import type { ExtractedReport } from '../extract/report.ts';
import { NUMBER_KEY } from '../ids.ts';
import { REPORT_LABELS as L } from '../labels.ts';
import type { EntityPage } from '../registry/pages.ts';
import { registeredOffice } from './address.ts';
import { parseMoney } from './capital.ts';
import { parseRegistryDate } from './dates.ts';
import { mapLegalForm } from './legal-form.ts';
import { mapStatus } from './status.ts';

/**
 * The public profile of an entity page (spec §2.11): name, number, status, legal form, registration date, and the
 * former names the page lists. Everything an inactive entity has, and all that onboarding mode returns.
 */
export function companyOfPage(page: EntityPage): Company {
  const registered = parseRegistryDate(page.registeredOn);
  const former = [...new Set(page.previousNames.map((p) => p.name).filter((n) => n !== page.name))];
  return {
    countryCode: 'JE',
    id: page.number,
    identifiers: { [NUMBER_KEY]: page.number },
    legalName: page.name,
    ...(former.length ? { legacyLegalNames: former } : {}),
    status: mapStatus(page.status),
    ...(registered ? { registrationDate: registered, incorporationDate: registered } : {}),
    legalForm: mapLegalForm(page.type),
  };
}

/** The fields the profile report adds to the page's profile: the registered office and the issued share capital. */
export function reportFields(number: string, report: ExtractedReport): Pick<Company, 'legalAddress' | 'capital'> {
  const reported = report.entity[L.number];
  if (reported && reported !== number) {
    throw new RegisterError('processing_failed', `the registry sent the report of entity ${reported} for ${number}`, false);
  }
  const legalAddress = registeredOffice(report.office, L);
  const capital = parseMoney(report.capital[L.capital]);
  return { ...(legalAddress ? { legalAddress } : {}), ...(capital ? { capital } : {}) };
}
