import type { RegisterDeps } from '../index.ts';
import { MtRegister } from './index.ts';

/**
 * The MT register this deployment serves: the emulator in sandbox mode; in live mode the real system, but only
 * when the connector has an account there (MT_USERNAME, MT_PASSWORD, MT_TOTP_SECRET): without one, MT is left
 * out (406 for MT requests) rather than failing every call.
 */
export function mtRegisterFor(deps: Pick<RegisterDeps, 'mode' | 'sandbox' | 'latency' | 'now' | 'config'>): MtRegister[] {
  if (deps.mode === 'sandbox') return [new MtRegister({ mode: 'sandbox', sandbox: deps.sandbox, latency: deps.latency, now: deps.now })];
  const c = deps.config;
  if (!c?.MT_USERNAME || !c.MT_PASSWORD || !c.MT_TOTP_SECRET) return [];
  return [
    new MtRegister({
      mode: 'live',
      registryUrl: c.MT_REGISTRY_URL ?? 'https://register.mbr.mt',
      credentials: { username: c.MT_USERNAME, password: c.MT_PASSWORD, totpSecret: c.MT_TOTP_SECRET },
      now: deps.now,
    }),
  ];
}
