import type { RegisterCompany } from './directory.ts';

/** The kind of the snapshot's last line, which counts what the file holds. */
export const SNAPSHOT_TOTALS_KIND = 'totals#persons-of-significant-control-snapshot';

/**
 * The persons with significant control snapshot (registers/gb.md), as Companies House publishes it daily: JSON lines,
 * one PSC or statement a line, `{"company_number": …, "data": <the PSC resource as the REST API answers it>}`, and a
 * last line `{"data": {"kind": "totals#…", "generated_at", "persons_of_significant_control_count", "statements_count",
 * "exemptions_count"}}`. Live companies only, as the Basic Company Data product (dissolved ones are left out).
 */
export function pscSnapshotLines(companies: readonly RegisterCompany[], generatedAt: Date): string {
  const lines: string[] = [];
  let pscs = 0;
  let statements = 0;
  for (const c of companies) {
    const p = c.record.profile;
    if (p.company_status === 'dissolved' || p.company_status === 'converted-closed') continue;
    for (const data of c.record.psc) {
      if (data.kind === 'persons-with-significant-control-statement') statements++;
      else pscs++;
      lines.push(JSON.stringify({ company_number: c.number, data }));
    }
  }
  const totals = {
    kind: SNAPSHOT_TOTALS_KIND,
    generated_at: generatedAt.toISOString(),
    persons_of_significant_control_count: pscs,
    statements_count: statements,
    exemptions_count: 0,
  };
  lines.push(JSON.stringify({ data: totals }));
  return `${lines.join('\n')}\n`;
}
