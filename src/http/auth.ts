import { timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { AccountService } from '../accounts/service.ts';
import type { Account } from '../accounts/types.ts';
import type { KeyUsage } from '../accounts/key-usage.ts';
import { ApiError } from '../shared/errors.ts';

declare module 'fastify' {
  interface FastifyRequest {
    account?: Account;
  }
}

/** Resolves `x-api-key` to its account; 401 when absent or unknown. Records the key's last use (not awaited). */
export function apiKeyAuth(accounts: AccountService, usage?: KeyUsage) {
  return async (req: FastifyRequest) => {
    const key = req.headers['x-api-key'];
    if (typeof key !== 'string' || key.length === 0) {
      throw new ApiError('unauthorized', 'missing API key: send it in the x-api-key header');
    }
    if (key.length > 200) throw new ApiError('unauthorized', 'invalid API key');
    const account = await accounts.authenticate(key);
    if (!account) throw new ApiError('unauthorized', 'invalid API key');
    usage?.seen(key);
    req.account = account;
  };
}

/** The authenticated account of a `/v2` route (the auth hook guarantees it). */
export function accountOf(req: FastifyRequest): Account {
  if (!req.account) throw new ApiError('unauthorized', 'missing API key: send it in the x-api-key header');
  return req.account;
}

/** `Authorization: Bearer $ADMIN_TOKEN` for the operator API. */
export function adminAuth(token: string) {
  const expected = Buffer.from(token);
  return async (req: FastifyRequest, _reply: FastifyReply) => {
    const header = req.headers.authorization ?? '';
    const given = Buffer.from(header.startsWith('Bearer ') ? header.slice(7) : '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      throw new ApiError('unauthorized', 'operator API: send Authorization: Bearer <ADMIN_TOKEN>');
    }
  };
}
