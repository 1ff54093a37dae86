import { CHANGE_CATEGORIES, type ChangeCategory } from '../contract/index.ts';
import type { FieldChange } from './diff.ts';

/**
 * Spec §6.2's categories by path, first match wins: status = legal lifecycle; address = registered address or
 * jurisdiction; ownership = shareholders or beneficial owners; financial = capital and financial figures;
 * legalRepresentatives = representatives, directors, signatories; other = name, activities, other key persons
 * (management) and everything else.
 */
const RULES: [RegExp, ChangeCategory][] = [
  [/^company\.(status|closureReason|closureDate)\b/, 'status'],
  [/^company\.(legalAddress|addresses|jurisdiction|usState\.(addresses|jurisdictionOfFormation|county))\b/, 'address'],
  [/^(shareholders|ultimateBeneficialOwners|subsidiaries)\b/, 'ownership'],
  [/^company\.(capital|employeeCount|financial\w*|usState\.authorizedStock)\b/, 'financial'],
  [/^legalRepresentatives\b/, 'legalRepresentatives'],
];

export function categoryOf(path: string): ChangeCategory {
  return RULES.find(([re]) => re.test(path))?.[1] ?? 'other';
}

/** The categories of a set of changes, each once, in the specification's order. */
export function categoriesOf(changes: FieldChange[]): ChangeCategory[] {
  const found = new Set(changes.map((c) => categoryOf(c.path)));
  return CHANGE_CATEGORIES.filter((c) => found.has(c));
}
