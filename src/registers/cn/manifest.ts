import { z } from 'zod';
import type { RegisterManifest } from '../manifest.ts';
import { CnRegister } from './index.ts';
import { CnRecordSchema } from './record.ts';

const CnConfig = z.object({
  /** CN live mode: the national enterprise credit information portal (registers/cn.md). */
  CN_PORTAL_URL: z.string().url().default('https://www.gsxt.gov.cn'),
});
type CnConfig = z.infer<typeof CnConfig>;

/** CN: the emulated portal in sandbox mode, the national enterprise credit information portal in live mode. */
export const manifest: RegisterManifest<CnConfig> = {
  code: 'CN',
  config: CnConfig,
  create: (deps, c) =>
    deps.mode === 'sandbox'
      ? new CnRegister({ mode: 'sandbox', sandbox: deps.sandbox, latency: deps.latency, now: deps.now })
      : new CnRegister({ mode: 'live', portalUrl: c.CN_PORTAL_URL, now: deps.now }),
  sandboxRecordSchema: CnRecordSchema,
  catalogue: new URL('./catalogue.json', import.meta.url),
  referenceTables: ['currencies', 'legal-forms', 'provinces', 'roles', 'status'].map(
    (t) => new URL(`./mapping/${t}.json`, import.meta.url),
  ),
};
