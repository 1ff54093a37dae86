import { readFileSync } from 'node:fs';
import type { Config } from '../config.ts';
import { scaleLatency, type SandboxStore } from '../sandbox/store.ts';
import { startHmrcEmulator, type Emulator } from './hmrc/emulator.ts';
import { HmrcVatClient } from './hmrc/client.ts';
import { announceTaxId, issuedTaxIds } from './issued.ts';
import { TaxIdVerificationStep } from './step.ts';
import type { TaxIdVerifier } from './verifier.ts';
import { startViesEmulator } from './vies/emulator.ts';
import { ViesClient } from './vies/client.ts';

export { TaxIdVerificationStep } from './step.ts';
export type { TaxIdVerifier } from './verifier.ts';

/** The sandbox switches (`sandbox_outages` keys) that take the emulated authorities down. */
export const HMRC_OUTAGE_KEY = 'HMRC-VAT';
export const VIES_OUTAGE_KEY = 'VIES';
/** The application credentials the emulated HMRC issues tokens to. */
const SANDBOX_CREDENTIALS = { clientId: 'registrum-sandbox', clientSecret: 'registrum-sandbox-secret' };
/** What an answer takes in real life, scaled by SANDBOX_LATENCY. */
const LATENCY_MS = { hmrc: 400, vies: 800 };

export type TaxVerificationConfig = Pick<
  Config,
  | 'REGISTERS'
  | 'SANDBOX_LATENCY'
  | 'TAX_VERIFICATION'
  | 'TAX_VERIFICATION_TIMEOUT_MS'
  | 'HMRC_VAT_API_URL'
  | 'HMRC_CLIENT_ID'
  | 'HMRC_CLIENT_SECRET'
  | 'HMRC_VAT_REQUESTER_VRN'
  | 'VIES_API_URL'
  | 'VIES_REQUESTER_VAT'
>;

export interface TaxVerification {
  verifiers: TaxIdVerifier[];
  /** The company step; undefined when no verifier runs (then no `taxId.verification` anywhere). */
  step: TaxIdVerificationStep | undefined;
  close(): Promise<void>;
}

const SERVICE_VERSION = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * The tax-ID verifiers this deployment runs. Sandbox: both, against their emulators (started on first use, on
 * loopback ports), which know the tax ids the sandbox registers hand out. Live: HMRC when HMRC_CLIENT_ID and
 * HMRC_CLIENT_SECRET are set, VIES when VIES_API_URL is set; none otherwise. TAX_VERIFICATION=off runs none.
 */
export function createTaxVerification(
  config: TaxVerificationConfig,
  deps: { sandbox?: SandboxStore; now: () => Date; onUnavailable?: (source: string, reason: string) => void },
): TaxVerification {
  const sandboxMode = config.REGISTERS === 'sandbox';
  const emulators: Promise<Emulator>[] = [];
  const common = {
    userAgent: `registrum/${SERVICE_VERSION} (company-registry data service; tax-ID verification)`,
    timeoutMs: config.TAX_VERIFICATION_TIMEOUT_MS,
    now: deps.now,
  };
  const verifiers: TaxIdVerifier[] = [];
  if (config.TAX_VERIFICATION === 'off') return { verifiers, step: undefined, close: async () => undefined };

  const latency = (ms: number) => () => scaleLatency(ms, config.SANDBOX_LATENCY);
  const outage = (key: string) => () => deps.sandbox?.isInOutage(key) ?? Promise.resolve(false);
  /** Starts an emulator once, on first use; a failed start is tried again by the next call. */
  const lazily = (start: () => Promise<Emulator>) => {
    let running: Promise<Emulator> | undefined;
    return async () => {
      if (!running) {
        running = start().catch((err) => {
          running = undefined;
          throw err;
        });
        emulators.push(running);
      }
      return (await running).url;
    };
  };

  if (sandboxMode) {
    // The requesters we name must be registered with the emulated authorities, as ours would be with the real ones.
    if (config.HMRC_VAT_REQUESTER_VRN)
      announceTaxId({ type: 'gb_vat', value: config.HMRC_VAT_REQUESTER_VRN }, { name: 'REGISTRUM SANDBOX REQUESTER' });
    if (config.VIES_REQUESTER_VAT)
      announceTaxId({ type: 'eu_vat', value: config.VIES_REQUESTER_VAT }, { name: 'REGISTRUM SANDBOX REQUESTER' });
  }

  if (sandboxMode || (config.HMRC_CLIENT_ID && config.HMRC_CLIENT_SECRET)) {
    const credentials = sandboxMode ? SANDBOX_CREDENTIALS : { clientId: config.HMRC_CLIENT_ID!, clientSecret: config.HMRC_CLIENT_SECRET! };
    const baseUrl = sandboxMode
      ? lazily(() =>
          startHmrcEmulator({
            ...SANDBOX_CREDENTIALS,
            find: (vrn) => issuedTaxIds.find('gb_vat', vrn),
            isInOutage: outage(HMRC_OUTAGE_KEY),
            latencyMs: latency(LATENCY_MS.hmrc),
            now: deps.now,
          }),
        )
      : async () => config.HMRC_VAT_API_URL;
    verifiers.push(
      new HmrcVatClient({
        ...common,
        ...credentials,
        baseUrl,
        ...(config.HMRC_VAT_REQUESTER_VRN ? { requesterVrn: config.HMRC_VAT_REQUESTER_VRN } : {}),
        backoffMs: sandboxMode ? scaleLatency(300, config.SANDBOX_LATENCY) : 300,
      }),
    );
  }

  if (sandboxMode || config.VIES_API_URL) {
    const baseUrl = sandboxMode
      ? lazily(() =>
          startViesEmulator({
            find: (key) => issuedTaxIds.find('eu_vat', key),
            isInOutage: outage(VIES_OUTAGE_KEY),
            latencyMs: latency(LATENCY_MS.vies),
            now: deps.now,
          }),
        )
      : async () => config.VIES_API_URL!;
    verifiers.push(
      new ViesClient({
        ...common,
        baseUrl,
        ...(config.VIES_REQUESTER_VAT ? { requesterVat: config.VIES_REQUESTER_VAT } : {}),
        backoffMs: sandboxMode ? scaleLatency(300, config.SANDBOX_LATENCY) : 300,
      }),
    );
  }

  return {
    verifiers,
    step: verifiers.length
      ? new TaxIdVerificationStep({
          verifiers,
          now: deps.now,
          attempts: { onboarding: 1, verification: 3 },
          budgetMs: { onboarding: config.TAX_VERIFICATION_TIMEOUT_MS, verification: 4 * config.TAX_VERIFICATION_TIMEOUT_MS },
          onUnavailable: deps.onUnavailable,
        })
      : undefined,
    async close() {
      const started = await Promise.allSettled(emulators);
      await Promise.all(started.map((s) => (s.status === 'fulfilled' ? s.value.close() : undefined)));
    },
  };
}
