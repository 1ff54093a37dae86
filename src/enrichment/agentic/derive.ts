import type { EnrichmentInput, FilledValue } from './input.ts';
import { normaliseName } from './input.ts';
import { trailingDesignation } from './legal-designations.ts';

const LATIN = /^[\p{Script=Latin}\p{N}\p{P}\p{S}\s]+$/u;

/**
 * Values the enrichment can derive from the register's own data, only where the register gave none. Each carries
 * its evidence; nothing is guessed from outside the data.
 */
export function deriveValues(input: EnrichmentInput): FilledValue[] {
  const c = input.company;
  if (!c?.legalName) return [];
  const filled: FilledValue[] = [];
  const english = englishName(input);
  if (english) filled.push(english);
  const commercial = commercialNames(input);
  if (commercial) filled.push(commercial);
  return filled;
}

/**
 * A Latin-script legal name of a company whose legal form the register writes in English (its local name is its
 * English translation) is already the English name.
 */
function englishName(input: EnrichmentInput): FilledValue | undefined {
  const c = input.company!;
  if (c.legalNameInEnglish || !LATIN.test(c.legalName!)) return undefined;
  const form = c.legalForm;
  if (!form?.localName || !form.englishTranslation || normaliseName(form.localName) !== normaliseName(form.englishTranslation))
    return undefined;
  return {
    field: 'legalNameInEnglish',
    value: c.legalName,
    evidence: `the register writes the legal form in English ("${form.localName}") and the legal name "${c.legalName}" in Latin script: it is the English name`,
  };
}

/**
 * The name the company trades under, found in its own data: the legal name without its legal-form designation,
 * when the company's website carries exactly that name.
 */
function commercialNames(input: EnrichmentInput): FilledValue | undefined {
  const c = input.company!;
  if (c.commercialNames?.length) return undefined;
  // Establishment names are not used: registers label branches ("… - Registered Office"), not trade names.
  const names = new Map<string, string>();
  const evidence: string[] = [];
  const country = c.legalAddress?.countryCode ?? input.countryCode;
  const designation = trailingDesignation(c.legalName!, country);
  const host = websiteHost(c.website);
  if (designation?.rest && host) {
    const slug = designation.rest.replace(/ /g, '');
    const label = host
      .replace(/^www\./, '')
      .split('.')[0]!
      .replace(/-/g, '');
    if (slug === label && !names.has(designation.rest)) {
      const short = shortName(c.legalName!, designation.rest);
      names.set(designation.rest, short);
      evidence.push(`the website ${host} carries the name "${short}" without the designation "${designation.designation}"`);
    }
  }
  if (!names.size) return undefined;
  return { field: 'commercialNames', value: [...names.values()], evidence: evidence.join('; ') };
}

function websiteHost(website: string | undefined): string | undefined {
  if (!website) return undefined;
  try {
    return new URL(/^https?:\/\//i.test(website) ? website : `https://${website}`).hostname.toLowerCase();
  } catch {
    return undefined;
  }
}

/** The legal name's own words for its core (its casing kept), i.e. the legal name cut before the designation. */
function shortName(legalName: string, core: string): string {
  const words = legalName.trim().split(/\s+/);
  for (let n = words.length; n > 0; n--) {
    const head = words.slice(0, n).join(' ');
    if (normaliseName(head) === core) return head.replace(/[,\s]+$/, '');
  }
  return core;
}
