import { z } from 'zod';
import type { RegisterManifest } from '../manifest.ts';
import { MtRegister } from './index.ts';
import { MtRecordSchema } from './record.ts';

/**
 * MT live mode: the business registry's online system and the connector's account there (login with a TOTP
 * second factor, registers/mt.md). MT is served in live mode only when username, password and secret are all set.
 */
const MtConfig = z.object({
  MT_REGISTRY_URL: z.string().url().default('https://register.mbr.mt'),
  MT_USERNAME: z.string().min(1).optional(),
  MT_PASSWORD: z.string().min(1).optional(),
  /** The base32 secret of the account's TOTP enrolment. */
  MT_TOTP_SECRET: z
    .string()
    .regex(/^[A-Za-z2-7\s=-]+$/, 'a base32 secret (letters A-Z, digits 2-7)')
    .optional(),
});
type MtConfig = z.infer<typeof MtConfig>;

/**
 * The MT register this deployment serves: the emulator in sandbox mode; in live mode the real system, but only
 * when the connector has an account there (MT_USERNAME, MT_PASSWORD, MT_TOTP_SECRET): without one, MT is left
 * out (406 for MT requests) rather than failing every call.
 */
export const manifest: RegisterManifest<MtConfig> = {
  code: 'MT',
  config: MtConfig,
  create(deps, c) {
    if (deps.mode === 'sandbox') return new MtRegister({ mode: 'sandbox', sandbox: deps.sandbox, latency: deps.latency, now: deps.now });
    if (!c.MT_USERNAME || !c.MT_PASSWORD || !c.MT_TOTP_SECRET) return undefined;
    return new MtRegister({
      mode: 'live',
      registryUrl: c.MT_REGISTRY_URL,
      credentials: { username: c.MT_USERNAME, password: c.MT_PASSWORD, totpSecret: c.MT_TOTP_SECRET },
      now: deps.now,
    });
  },
  sandboxRecordSchema: MtRecordSchema,
  catalogue: new URL('./catalogue.json', import.meta.url),
  referenceTables: ['activity-terms', 'document-kinds', 'legal-forms', 'nationalities', 'roles', 'statuses'].map(
    (t) => new URL(`./mapping/${t}.json`, import.meta.url),
  ),
};
