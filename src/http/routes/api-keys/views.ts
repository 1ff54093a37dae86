import type { z } from 'zod';
import type { ApiKeyRow } from '../../../accounts/types.ts';
import type { ApiKey } from '../../../contract/index.ts';

export function apiKeyView(k: ApiKeyRow): z.infer<typeof ApiKey> {
  return {
    id: k.id,
    name: k.name,
    prefix: k.prefix,
    createdAt: k.createdAt.toISOString(),
    lastUsedAt: k.lastUsedAt ? k.lastUsedAt.toISOString() : null,
  };
}
