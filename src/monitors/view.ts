import type { Company, LegalRepresentative, OtherKeyPerson, Shareholder, UltimateBeneficialOwner } from '../contract/index.ts';
import type { FetchableDataPoint, Register } from '../registers/contract.ts';
import { isAvailable } from '../registers/catalogue.ts';
import { answerDigest } from '../registers/answer-digest.ts';

/** What a monitor watches of a company: the data points of spec §6.2's categories that the register offers. */
export interface MonitoredView {
  company?: Company;
  legalRepresentatives?: LegalRepresentative[];
  otherKeyPersons?: OtherKeyPerson[];
  shareholders?: Shareholder[];
  ultimateBeneficialOwners?: UltimateBeneficialOwner[];
}

const WATCHED = [
  'company',
  'legalRepresentatives',
  'otherKeyPersons',
  'shareholders',
  'ultimateBeneficialOwners',
] as const satisfies readonly (keyof MonitoredView & FetchableDataPoint)[];

/** A check's read of a company: the watched view, and the digest of the register's answers it was mapped from. */
export interface MonitoredRead {
  view: MonitoredView;
  /** Set only when every data point's answer has a digest (`Fetched.answerDigest`). */
  answerDigest?: string;
}

/**
 * Fetches the company's current data for a check: each watched data point the register offers in onboarding mode
 * (the fast path: the snapshot where the register has one, never a paid on-demand report), and the profile in
 * verification mode when onboarding has none. Register errors propagate (RegisterError).
 */
export async function fetchMonitoredView(
  register: Pick<Register, 'catalogue' | 'fetch'>,
  companyId: string,
  signal: AbortSignal,
): Promise<MonitoredRead> {
  const calls = WATCHED.flatMap((dp) => {
    const mode = isAvailable(register.catalogue, dp, 'onboarding')
      ? ('onboarding' as const)
      : dp === 'company' && isAvailable(register.catalogue, dp, 'verification')
        ? ('verification' as const)
        : undefined;
    return mode ? [{ dp, mode }] : [];
  });
  const fetched = await Promise.all(calls.map(({ dp, mode }) => register.fetch(dp, companyId, { mode, signal, purpose: 'monitor' })));
  const view: MonitoredView = {};
  calls.forEach(({ dp }, i) => {
    const data = fetched[i]!.data;
    (view as Record<string, unknown>)[dp] = dp === 'company' ? (data as { company: Company }).company : data;
  });
  const digests = fetched.map((f) => f.answerDigest);
  const complete = digests.length > 0 && digests.every((d) => d !== undefined);
  return {
    // Stored as JSON and compared with what comes back from the store: drop undefined members now.
    view: JSON.parse(JSON.stringify(view)) as MonitoredView,
    ...(complete ? { answerDigest: answerDigest(calls.map(({ dp, mode }, i) => [dp, mode, digests[i]])) } : {}),
  };
}
