import { readFileSync } from 'node:fs';
import type { Individual } from '../../contract/index.ts';
import { elfByCode } from '../reference/legal-forms.ts';
import type { CheckResult, EnrichmentInput, Finding } from './input.ts';
import { normaliseName } from './input.ts';
import { trailingDesignation } from './legal-designations.ts';

const POSTAL_FORMATS: Record<string, RegExp> = Object.fromEntries(
  Object.entries(
    (JSON.parse(readFileSync(new URL('./postal-codes.json', import.meta.url), 'utf8')) as { formats: Record<string, string> }).formats,
  ).map(([country, re]) => [country, new RegExp(re)]),
);

type Check = (input: EnrichmentInput) => CheckResult;

const result = (id: string, title: string, ran: boolean, findings: Finding[] = []): CheckResult => ({ id, title, ran, findings });
const compact = (s: string) => s.replace(/[\s.\-/]/g, '').toUpperCase();

/** The company's id and identifiers against the register's formats, and against each other. */
const identifiers: Check = (input) => {
  const id = 'identifiers';
  const title = "identifiers against the register's formats and the requested id";
  const c = input.company;
  if (!c) return result(id, title, false);
  const findings: Finding[] = [];
  for (const spec of input.identifiers) {
    const value = c.identifiers?.[spec.key];
    if (value !== undefined && !spec.pattern.test(value) && !spec.pattern.test(compact(value))) {
      findings.push({
        check: id,
        severity: 'inconsistency',
        paths: [`company.identifiers.${spec.key}`],
        message: `${spec.key} "${value}" is not ${spec.description}`,
      });
    }
  }
  const values = Object.values(c.identifiers ?? {});
  if (values.length && !values.some((v) => compact(v) === compact(input.companyId))) {
    findings.push({
      check: id,
      severity: 'warning',
      paths: ['company.identifiers', 'request.companyId'],
      message: `no identifier equals the requested id ${input.companyId}`,
    });
  }
  if (c.id !== undefined && compact(c.id) !== compact(input.companyId)) {
    findings.push({
      check: id,
      severity: 'inconsistency',
      paths: ['company.id'],
      message: `the register answered for ${c.id}, not for the requested ${input.companyId}`,
    });
  }
  return result(id, title, true, findings);
};

/** The tax id against its verification (name, address, validity) and the company's country. */
const taxId: Check = (input) => {
  const id = 'taxId';
  const title = "tax id against the verification service's answer and the company's country";
  const t = input.company?.taxId;
  if (!t) return result(id, title, false);
  const findings: Finding[] = [];
  const country = input.company?.legalAddress?.countryCode;
  if (t.country && country && t.country.toUpperCase() !== country.toUpperCase()) {
    findings.push({
      check: id,
      severity: 'warning',
      paths: ['company.taxId.country', 'company.legalAddress.countryCode'],
      message: `tax id of ${t.country} for a company whose legal address is in ${country}`,
    });
  }
  const v = t.verification;
  if (v?.status && /unverified|invalid|not.?valid/i.test(v.status)) {
    findings.push({
      check: id,
      severity: 'inconsistency',
      paths: ['company.taxId.verification.status'],
      message: `the verification service says tax id ${t.value} is ${v.status}`,
    });
  }
  const legalName = input.company?.legalName;
  if (v?.verifiedName && legalName && !sameCompanyName(v.verifiedName, legalName, country ?? input.countryCode)) {
    findings.push({
      check: id,
      severity: 'inconsistency',
      paths: ['company.taxId.verification.verifiedName', 'company.legalName'],
      message: `the tax id is registered to "${v.verifiedName}", the register names the company "${legalName}"`,
    });
  }
  const postcode = input.company?.legalAddress?.postalCode;
  if (v?.verifiedAddress && postcode && !compact(v.verifiedAddress).includes(compact(postcode))) {
    findings.push({
      check: id,
      severity: 'warning',
      paths: ['company.taxId.verification.verifiedAddress', 'company.legalAddress.postalCode'],
      message: `the tax registration's address does not contain the legal address's postal code ${postcode}`,
    });
  }
  return result(id, title, true, findings);
};

/** Names equal once case, punctuation and the legal-form designation are set aside ("Acme Ltd" = "ACME LIMITED"). */
export function sameCompanyName(a: string, b: string, countryCode: string): boolean {
  const core = (s: string) => trailingDesignation(s, countryCode)?.rest ?? normaliseName(s);
  return normaliseName(a) === normaliseName(b) || core(a) === core(b);
}

/** The legal name's designation against the legal form's ISO 20275 code. */
const legalFormName: Check = (input) => {
  const id = 'legalFormDesignation';
  const title = "the legal name's legal-form designation against the legal form";
  const c = input.company;
  const code = c?.legalForm?.iso20275Code;
  const country = elfByCode(code ?? '')[0]?.countryCode;
  if (!c?.legalName || !code || !country) return result(id, title, false);
  const found = trailingDesignation(c.legalName, country);
  if (found && !found.codes.has(code)) {
    return result(id, title, true, [
      {
        check: id,
        severity: 'inconsistency',
        paths: ['company.legalName', 'company.legalForm.iso20275Code'],
        message: `"${c.legalName}" ends with "${found.designation}", a designation of ${[...found.codes].join(', ')} in the ISO 20275 list, not of ${code} (${c.legalForm?.localName ?? ''})`,
      },
    ]);
  }
  return result(id, title, true);
};

/** The legal address's postal code against the country's format. */
const address: Check = (input) => {
  const id = 'address';
  const title = "legal address: country, city and the postal code's national format";
  const a = input.company?.legalAddress;
  if (!a) return result(id, title, false);
  const findings: Finding[] = [];
  if (!a.countryCode)
    findings.push({
      check: id,
      severity: 'warning',
      paths: ['company.legalAddress.countryCode'],
      message: 'the legal address has no country',
    });
  if (!a.city)
    findings.push({ check: id, severity: 'warning', paths: ['company.legalAddress.city'], message: 'the legal address has no city' });
  const format = a.countryCode ? POSTAL_FORMATS[a.countryCode.toUpperCase()] : undefined;
  if (format && a.postalCode && !format.test(a.postalCode.trim().toUpperCase())) {
    findings.push({
      check: id,
      severity: 'warning',
      paths: ['company.legalAddress.postalCode'],
      message: `postal code "${a.postalCode}" is not in the format of ${a.countryCode}`,
    });
  }
  return result(id, title, true, findings);
};

/** Dates of the company and its officers against each other and today. */
const dates: Check = (input) => {
  const id = 'dates';
  const title = "dates: incorporation, closure and officers' appointments against each other and today";
  const c = input.company;
  const officers = [
    ...(input.legalRepresentatives ?? []).map((p, i) => ({ p, path: `legalRepresentatives[${i}]` })),
    ...(input.otherKeyPersons ?? []).map((p, i) => ({ p, path: `otherKeyPersons[${i}]` })),
  ];
  if (!c && !officers.length) return result(id, title, false);
  const findings: Finding[] = [];
  const start = c?.incorporationDate ?? c?.registrationDate;
  for (const [field, value] of [
    ['incorporationDate', c?.incorporationDate],
    ['registrationDate', c?.registrationDate],
  ] as const) {
    if (value && value > input.today)
      findings.push({ check: id, severity: 'inconsistency', paths: [`company.${field}`], message: `${field} ${value} is in the future` });
  }
  const closure = c?.status?.statusDetails?.closureDate;
  if (closure && start && closure < start) {
    findings.push({
      check: id,
      severity: 'inconsistency',
      paths: ['company.status.statusDetails.closureDate', 'company.incorporationDate'],
      message: `closed on ${closure}, before its incorporation on ${start}`,
    });
  }
  if (c?.status?.active === true && closure && closure <= input.today) {
    findings.push({
      check: id,
      severity: 'inconsistency',
      paths: ['company.status.active', 'company.status.statusDetails.closureDate'],
      message: `active, yet with a closure date of ${closure}`,
    });
  }
  for (const { p, path } of officers) {
    const who = nameOf(p.individual) ?? p.company?.legalName ?? path;
    if (p.startDate && p.endDate && p.endDate < p.startDate) {
      findings.push({
        check: id,
        severity: 'inconsistency',
        paths: [`${path}.startDate`, `${path}.endDate`],
        message: `${who}: appointment ends (${p.endDate}) before it starts (${p.startDate})`,
      });
    }
    if (p.startDate && start && p.startDate < start) {
      findings.push({
        check: id,
        severity: 'warning',
        paths: [`${path}.startDate`, 'company.incorporationDate'],
        message: `${who}: appointed on ${p.startDate}, before the company was incorporated on ${start}`,
      });
    }
    const born = p.individual?.birthDate?.year;
    if (born && p.startDate && Number(p.startDate.slice(0, 4)) - born < 16) {
      findings.push({
        check: id,
        severity: 'warning',
        paths: [`${path}.individual.birthDate`, `${path}.startDate`],
        message: `${who}: appointed at the age of ${Number(p.startDate.slice(0, 4)) - born}`,
      });
    }
  }
  return result(id, title, true, findings);
};

/** Shareholdings add up; large individual holders appear among the beneficial owners; no self-ownership. */
const ownership: Check = (input) => {
  const id = 'ownership';
  const title = 'ownership: shareholdings add up, large individual holders are among the beneficial owners, no self-ownership';
  const holders = input.shareholders;
  if (!holders?.length && !input.ultimateBeneficialOwners?.length) return result(id, title, false);
  const findings: Finding[] = [];
  const percentages = (holders ?? []).map((h) => h.sharePercentage).filter((p): p is number => typeof p === 'number');
  const total = percentages.reduce((s, p) => s + p, 0);
  if (total > 100.5)
    findings.push({
      check: id,
      severity: 'inconsistency',
      paths: ['shareholders[*].sharePercentage'],
      message: `shareholdings add up to ${round(total)} %`,
    });
  (holders ?? []).forEach((h, i) => {
    if (
      h.company?.id &&
      compact(h.company.id) === compact(input.companyId) &&
      (!h.company.countryCode || h.company.countryCode === input.countryCode)
    ) {
      findings.push({
        check: id,
        severity: 'inconsistency',
        paths: [`shareholders[${i}].company.id`],
        message: 'the company is listed as its own shareholder',
      });
    }
  });
  const ubos = input.ultimateBeneficialOwners;
  if (ubos) {
    const uboNames = new Set(
      ubos
        .map((u) => nameOf(u))
        .filter((n): n is string => !!n)
        .map(normaliseName),
    );
    (holders ?? []).forEach((h, i) => {
      const name = nameOf(h.individual);
      if (h.type === 'individual' && name && (h.sharePercentage ?? 0) > 25 && !uboNames.has(normaliseName(name))) {
        findings.push({
          check: id,
          severity: 'inconsistency',
          paths: [`shareholders[${i}]`, 'ultimateBeneficialOwners'],
          message: `${name} holds ${h.sharePercentage} % directly but is not among the beneficial owners`,
        });
      }
    });
  }
  return result(id, title, true, findings);
};

/** The same person listed twice as a legal representative. */
const people: Check = (input) => {
  const id = 'people';
  const title = 'people: the same person listed twice among the legal representatives';
  const reps = input.legalRepresentatives;
  if (!reps?.length) return result(id, title, false);
  const seen = new Map<string, number>();
  const findings: Finding[] = [];
  reps.forEach((r, i) => {
    const name = nameOf(r.individual) ?? r.company?.legalName;
    if (!name) return;
    const key = `${normaliseName(name)}|${r.individual?.birthDate?.year ?? ''}|${r.role?.standardized ?? r.role?.localName ?? ''}|${r.endDate ?? ''}`;
    const first = seen.get(key);
    if (first !== undefined)
      findings.push({
        check: id,
        severity: 'warning',
        paths: [`legalRepresentatives[${first}]`, `legalRepresentatives[${i}]`],
        message: `${name} is listed twice in the same role`,
      });
    else seen.set(key, i);
  });
  return result(id, title, true, findings);
};

function nameOf(p: Partial<Individual> | undefined): string | undefined {
  const n = p?.name;
  return n?.fullName ?? ([n?.firstName, n?.lastName].filter(Boolean).join(' ') || undefined);
}

const round = (n: number) => Math.round(n * 100) / 100;

/** Every check, in report order. */
export const CHECKS: readonly Check[] = [identifiers, taxId, legalFormName, address, dates, people, ownership];

export function runChecks(input: EnrichmentInput): CheckResult[] {
  return CHECKS.map((check) => check(input));
}
