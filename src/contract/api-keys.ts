import { z } from 'zod';
import { Timestamp } from './common.ts';

export const ApiKeyCreateBody = z
  .object({ name: z.string().trim().min(1).max(100).describe('What the key is for, e.g. "production" or "CI".') })
  .strict()
  .meta({ id: 'ApiKeyCreate' });

export const ApiKey = z
  .object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe('The first characters of the key, to tell keys apart.'),
    createdAt: Timestamp,
    lastUsedAt: Timestamp.nullable().describe('Last authenticated request (to the minute); null when never used.'),
  })
  .meta({ id: 'ApiKey' });

export const ApiKeyCreated = ApiKey.omit({ lastUsedAt: true })
  .extend({ key: z.string().describe('The key, shown here once: only its hash is stored. Send it as `x-api-key`.') })
  .meta({ id: 'ApiKeyCreated' });

export const ApiKeyList = z.object({ apiKeys: z.array(ApiKey).describe('Working keys, oldest first.') }).meta({ id: 'ApiKeyList' });

export const ApiKeyParams = z.object({ id: z.string().min(1).max(100) });
