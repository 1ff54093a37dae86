import { z } from 'zod';
import type { RegisterManifest } from '../manifest.ts';
import { JeRegister } from './index.ts';
import { JeRecordSchema } from './record.ts';

/** JE's own environment: the registry website and the mailbox its reports are e-mailed to (registers/je.md). */
const JeConfig = z.object({
  /** JE live mode: the Jersey Financial Services Commission's registry website (registers/je.md §1). */
  JE_REGISTRY_URL: z.string().url().default('https://www.jerseyfsc.org'),
  /**
   * JE live mode: the mailbox entity profile reports are e-mailed to (registers/je.md §2), read over POP3 (RFC 1939),
   * over TLS unless JE_MAILBOX_TLS=false. Without host, user, password and JE_REPORT_EMAIL only the public data is served.
   */
  JE_REPORT_EMAIL: z.string().email().optional(),
  JE_MAILBOX_HOST: z.string().min(1).optional(),
  JE_MAILBOX_PORT: z.coerce.number().int().min(1).max(65535).default(995),
  JE_MAILBOX_TLS: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((v) => v === 'true' || v === '1'),
  JE_MAILBOX_USER: z.string().min(1).optional(),
  JE_MAILBOX_PASSWORD: z.string().min(1).optional(),
});
type JeConfig = z.infer<typeof JeConfig>;

/**
 * The JE register this deployment serves: the emulated website and mailbox in sandbox mode; in live mode the real
 * registry website (JE_REGISTRY_URL) and, when all of JE_MAILBOX_HOST, JE_MAILBOX_USER, JE_MAILBOX_PASSWORD and
 * JE_REPORT_EMAIL are set, the report mailbox. Without a mailbox JE still searches and serves the public data;
 * report-based data points fail as `service_unavailable` (not retryable) with a message naming the settings.
 */
export const manifest: RegisterManifest<JeConfig> = {
  code: 'JE',
  config: JeConfig,
  create(deps, c) {
    if (deps.mode === 'sandbox') return new JeRegister({ mode: 'sandbox', sandbox: deps.sandbox, latency: deps.latency, now: deps.now });
    const mailbox =
      c.JE_MAILBOX_HOST && c.JE_MAILBOX_USER && c.JE_MAILBOX_PASSWORD
        ? {
            host: c.JE_MAILBOX_HOST,
            port: c.JE_MAILBOX_PORT,
            tls: c.JE_MAILBOX_TLS,
            user: c.JE_MAILBOX_USER,
            password: c.JE_MAILBOX_PASSWORD,
          }
        : undefined;
    return new JeRegister({
      mode: 'live',
      registryUrl: c.JE_REGISTRY_URL,
      ...(mailbox && c.JE_REPORT_EMAIL ? { mailbox, reportEmail: c.JE_REPORT_EMAIL } : {}),
      now: deps.now,
    });
  },
  sandboxRecordSchema: JeRecordSchema,
  catalogue: new URL('./catalogue.json', import.meta.url),
  referenceTables: ['legal-forms', 'nationalities', 'status'].map((t) => new URL(`./mapping/${t}.json`, import.meta.url)),
};
