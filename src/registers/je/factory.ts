import type { RegisterDeps } from '../index.ts';
import { JeRegister } from './index.ts';

/**
 * The JE register this deployment serves: the emulated website and mailbox in sandbox mode; in live mode the real
 * registry website (JE_REGISTRY_URL) and, when all of JE_MAILBOX_HOST, JE_MAILBOX_USER, JE_MAILBOX_PASSWORD and
 * JE_REPORT_EMAIL are set, the report mailbox. Without a mailbox JE still searches and serves the public data;
 * report-based data points fail as `service_unavailable` (not retryable) with a message naming the settings.
 */
export function jeRegisterFor(deps: Pick<RegisterDeps, 'mode' | 'sandbox' | 'latency' | 'now' | 'config'>): JeRegister {
  if (deps.mode === 'sandbox') return new JeRegister({ mode: 'sandbox', sandbox: deps.sandbox, latency: deps.latency, now: deps.now });
  const c = deps.config;
  const mailbox =
    c?.JE_MAILBOX_HOST && c.JE_MAILBOX_USER && c.JE_MAILBOX_PASSWORD
      ? {
          host: c.JE_MAILBOX_HOST,
          port: c.JE_MAILBOX_PORT ?? 995,
          tls: c.JE_MAILBOX_TLS ?? true,
          user: c.JE_MAILBOX_USER,
          password: c.JE_MAILBOX_PASSWORD,
        }
      : undefined;
  return new JeRegister({
    mode: 'live',
    registryUrl: c?.JE_REGISTRY_URL ?? 'https://www.jerseyfsc.org',
    ...(mailbox && c?.JE_REPORT_EMAIL ? { mailbox, reportEmail: c.JE_REPORT_EMAIL } : {}),
    now: deps.now,
  });
}
