import { z } from 'zod';
import type { RegisterManifest } from '../manifest.ts';
import { TestRegister } from './index.ts';
import { TestRecordSchema } from './record.ts';

/** TEST, the deterministic sandbox register (README): served in sandbox mode only, with no settings of its own. */
export const manifest: RegisterManifest<Record<string, never>> = {
  code: 'TEST',
  config: z.object({}).transform(() => ({})),
  create: (deps) =>
    deps.mode === 'sandbox' ? new TestRegister({ sandbox: deps.sandbox, latency: deps.latency, now: deps.now }) : undefined,
  sandboxRecordSchema: TestRecordSchema,
  catalogue: new URL('./catalogue.json', import.meta.url),
  referenceTables: [new URL('./groups.json', import.meta.url), new URL('./vocabulary.json', import.meta.url)],
};
