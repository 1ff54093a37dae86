import type { RegisterDeps } from '../index.ts';
import { GbRegister } from './index.ts';

const SANDBOX_BUCKET = { capacity: 600, perSecond: 2 };

/**
 * The GB register this deployment serves: the emulator in sandbox mode; in live mode Companies House's APIs, but only
 * with an API key (GB_API_KEY): without one GB is left out (406 for GB requests) rather than failing every call.
 */
export function gbRegisterFor(deps: Pick<RegisterDeps, 'mode' | 'sandbox' | 'latency' | 'now' | 'config' | 'db'>): GbRegister[] {
  const shared = deps.db ? { db: deps.db } : {};
  if (deps.mode === 'sandbox')
    return [
      new GbRegister({
        mode: 'sandbox',
        sandbox: deps.sandbox,
        latency: deps.latency,
        now: deps.now,
        ...shared,
        // The emulator's own limit is the register's; the sandbox bucket lets a burst of tests through at once.
        bucket: SANDBOX_BUCKET,
      }),
    ];
  const c = deps.config;
  if (!c?.GB_API_KEY) return [];
  return [
    new GbRegister({
      mode: 'live',
      apiUrl: c.GB_API_URL ?? 'https://api.company-information.service.gov.uk',
      documentApiUrl: c.GB_DOCUMENT_API_URL ?? 'https://document-api.company-information.service.gov.uk',
      apiKey: c.GB_API_KEY,
      streamUrl: c.GB_STREAM_URL ?? 'https://stream.companieshouse.gov.uk',
      ...(c.GB_STREAM_KEY ? { streamKey: c.GB_STREAM_KEY } : {}),
      now: deps.now,
      ...shared,
    }),
  ];
}
