import { z } from 'zod';

/** The body of `POST /admin/accounts`; `features` are the keys the registers are gated by (their manifests). */
export const accountCreateBody = (features: readonly string[]) =>
  z
    .object({
      name: z.string().trim().min(1).max(200),
      credits: z.number().int().min(0).max(1e13).optional().describe('Opening balance in credit cents.'),
      features: z
        .object(Object.fromEntries(features.map((f) => [f, z.boolean().optional()])))
        .strict()
        .optional(),
      owner: z
        .object({ email: z.string().trim().max(320).describe('Who signs in to the dashboard as the account’s owner.') })
        .strict()
        .optional()
        .describe('The first dashboard user; the answer carries their one-time set-up link (`setupUrl`).'),
    })
    .strict()
    .meta({ id: 'AccountCreate' });

export const AccountCreated = z
  .object({
    id: z.string(),
    name: z.string(),
    apiKey: z.string().describe('Shown once; only its hash is stored.'),
    balanceInCreditCents: z.number().int(),
    setupUrl: z
      .string()
      .optional()
      .describe('With `owner`: the one-time link (valid 7 days) where the owner sets a password for `/dashboard`.'),
  })
  .meta({ id: 'AccountCreated' });

export const CreditsBody = z
  .object({ amount: z.number().int().min(-1e13).max(1e13).describe('Credit cents; negative to withdraw.') })
  .strict();

export const Balance = z
  .object({
    balanceInCreditCents: z.number().int(),
    status: z
      .enum(['ok', 'low', 'depleted'])
      .describe('`depleted` at or below 0; `low` at or below the highest low-balance threshold (`lowBalanceThresholds`); else `ok`.'),
    autoTopup: z
      .object({ enabled: z.boolean(), thresholdInCreditCents: z.number().int(), amountInCreditCents: z.number().int() })
      .describe('Automatic recharge: always off here (credits are granted by the operator).'),
    lowBalanceThresholds: z
      .array(z.object({ tier: z.enum(['warning', 'critical', 'depleted']), cents: z.number().int() }))
      .describe('The low-balance tiers of the billing notification settings.'),
  })
  .meta({ id: 'Balance' });

export const AccountIdParams = z.object({ id: z.string().min(1).max(100) });
