import type { CheckResult, FilledValue } from './input.ts';

export interface ReportFacts {
  countryCode: string;
  companyId: string;
  legalName?: string;
  completedAt: string;
  /** Data points the request delivered (what the checks worked on). */
  delivered: string[];
  checks: CheckResult[];
  filled: FilledValue[];
  billing: string;
}

/**
 * The human-readable `enrichmentReport`: what was checked, what was found, what was changed, and what it cost.
 * Written from the facts only (no language model), so the same data gives the same report.
 */
export function writeReport(f: ReportFacts): string {
  const lines: string[] = [];
  lines.push(
    `Agentic enrichment of ${f.countryCode} company ${f.companyId}${f.legalName ? ` ("${f.legalName}")` : ''}, completed ${f.completedAt}.`,
  );
  lines.push(
    f.delivered.length
      ? `Register data used: ${f.delivered.join(', ')}.`
      : 'The register delivered no data for this request: there was nothing to check.',
  );
  const ran = f.checks.filter((c) => c.ran);
  const skipped = f.checks.filter((c) => !c.ran);
  if (ran.length) lines.push(`Checks run (${ran.length} of ${f.checks.length}): ${ran.map((c) => c.title).join('; ')}.`);
  if (skipped.length)
    lines.push(
      `Not run, for want of the data they need (request more data points to include them): ${skipped.map((c) => c.title).join('; ')}.`,
    );
  const findings = ran.flatMap((c) => c.findings);
  const count = (s: string) => findings.filter((x) => x.severity === s).length;
  if (findings.length) {
    lines.push(
      `Found: ${count('inconsistency')} inconsistenc${count('inconsistency') === 1 ? 'y' : 'ies'}, ${count('warning')} warning${count('warning') === 1 ? '' : 's'}.`,
    );
    for (const x of findings) lines.push(`- [${x.severity}] ${x.message} (${x.paths.join(', ')})`);
  } else if (ran.length) {
    lines.push('Found: no inconsistency.');
  }
  if (f.filled.length) {
    lines.push('Changed (values the register did not give, derived from its data; marked `inferred` in dataSources.company.fields):');
    for (const v of f.filled) lines.push(`- ${v.field} set to ${JSON.stringify(v.value)}: ${v.evidence}.`);
  } else {
    lines.push('Changed: nothing; the register data is as the register gave it.');
  }
  lines.push('Method: every check and derivation is a deterministic rule over the register data; no language model was used.');
  lines.push(`Billing: ${f.billing}.`);
  return lines.join('\n');
}
