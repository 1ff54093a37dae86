import { ApiKeyService } from '../accounts/api-keys.ts';
import { KeyUsage } from '../accounts/key-usage.ts';
import { AccountRepository } from '../accounts/repository.ts';
import { AccountService } from '../accounts/service.ts';
import type { Ledger } from '../billing/ledger.ts';
import { type Logger, logFailure } from '../observability/logger.ts';
import type { Clock } from '../shared/clock.ts';
import type { Db } from '../store/db.ts';
import { UserService } from '../users/service.ts';
import { WorkspaceRepository } from '../workspaces/repository.ts';
import { WorkspaceService } from '../workspaces/service.ts';

/** Accounts with their API keys and their last use, the dashboard's users, and the accounts' workspaces. */
export function createAccounts(deps: { db: Db; clock: Clock; log: Logger; ledger: Ledger }) {
  const { db, clock, log } = deps;
  const repo = new AccountRepository(db);
  const accounts = new AccountService(db, repo, clock, deps.ledger);
  return {
    accounts,
    users: new UserService(db, clock),
    apiKeys: new ApiKeyService(db, repo, clock, (hash) => accounts.forgetKey(hash)),
    keyUsage: new KeyUsage(repo, clock, (err) => logFailure(log, err, 'API key last use')),
    workspaces: new WorkspaceService(new WorkspaceRepository(db), clock),
  };
}
