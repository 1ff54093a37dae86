import type { Company } from '../../contract/index.ts';
import { dateIn } from './names.ts';
import { rngFor } from './random.ts';

/** Why a generated company closed (CLOSED with this closureReason). */
export type ClosureReason = 'VOLUNTARY_DISSOLUTION' | 'BANKRUPTCY' | 'MERGER';

export interface Closure {
  date: string;
  year: number;
  reason: ClosureReason;
}

/** An open company in insolvency proceedings (administration) since `date`. */
export interface Insolvency {
  date: string;
  year: number;
}

/**
 * Showcase ids (README.md) whose status is fixed, so that clients can rehearse each standard status without
 * searching for a generated company that happens to have it. Matched without regard to case, like the error ids.
 */
const SHOWCASE: Record<string, ClosureReason | 'INSOLVENT'> = {
  INSOLVENT: 'INSOLVENT',
  MERGED: 'MERGER',
  BANKRUPT: 'BANKRUPTCY',
};

/** About one open company in twenty is in administration. */
const INSOLVENT_SHARE = 0.05;

/**
 * The status of a showcase id, or, for any other id, the drawn closure (`drawn`, from the company's facts) and,
 * for an open company, an insolvency drawn from a stream of its own (so that adding it changed no other fact).
 * Both happen at least two years after incorporation and before AS_OF_YEAR (`lastYear`).
 */
export function statusFactsOf(
  id: string,
  incorporationYear: number,
  lastYear: number,
  drawn: Closure | undefined,
): { closure?: Closure; insolvency?: Insolvency } {
  const showcase = SHOWCASE[id.trim().toUpperCase()];
  const rng = rngFor(id, 'insolvency');
  const year = rng.int(Math.min(incorporationYear + 2, lastYear), lastYear);
  const date = dateIn(rng, year, year);
  if (showcase === 'INSOLVENT') return { insolvency: { year, date } };
  if (showcase) return { closure: { year, date, reason: showcase } };
  if (drawn) return { closure: drawn };
  return rng.chance(INSOLVENT_SHARE) ? { insolvency: { year, date } } : {};
}

/** The register's status of a company: its word in `localName`, the standard values in `statusDetails`. */
export function statusOf(closure: Closure | undefined, insolvency: Insolvency | undefined): NonNullable<Company['status']> {
  if (closure) {
    return {
      localName: closure.reason === 'MERGER' ? 'Dissolved (merged)' : 'Dissolved',
      active: false,
      statusDetails: { status: 'CLOSED', closureReason: closure.reason, closureDate: closure.date },
    };
  }
  if (insolvency) {
    return {
      localName: 'In Administration',
      active: false,
      statusDetails: { status: 'UNDER_INSOLVENCY_PROCEEDING', insolvencyStartDate: insolvency.date },
    };
  }
  return { localName: 'Active', active: true, statusDetails: { status: 'ACTIVE' } };
}
