import type { AccountService } from '../accounts/service.ts';
import type { Ledger } from '../billing/ledger.ts';
import type { BillingService } from '../billing/service.ts';
import type { Config } from '../config.ts';
import type { DocumentFiles } from '../documents/files.ts';
import type { UrlSigner } from '../documents/signer.ts';
import type { RegisterRegistry } from '../registers/registry.ts';
import type { RetrievalService } from '../retrieval/service.ts';
import type { SandboxStore } from '../sandbox/store.ts';
import type { SearchService } from '../search/service.ts';
import type { Clock } from '../shared/clock.ts';
import type { WebhookService } from '../webhooks/service.ts';
import type { HttpIdempotency } from './idempotency.ts';
import type { MonitorService } from '../monitors/service.ts';
import type { MonitorScheduler } from '../monitors/scheduler.ts';
import type { UserService } from '../users/service.ts';
import type { ApiKeyService } from '../accounts/api-keys.ts';
import type { KeyUsage } from '../accounts/key-usage.ts';
import type { OpsServices } from './routes/health/index.ts';
import type { WorkspaceService } from '../workspaces/service.ts';
import type { BillingNotifications } from '../billing/notifications/service.ts';

/** What route handlers may call: domain services only, no SQL and no register clients. */
export interface Services {
  config: Config;
  clock: Clock;
  accounts: AccountService;
  /** Dashboard users, their sign-in and sessions. */
  users: UserService;
  /** API keys as a resource (several per account), and when each was last used. */
  apiKeys: ApiKeyService;
  keyUsage: KeyUsage;
  ledger: Ledger;
  billing: BillingService;
  registers: RegisterRegistry;
  retrieval: RetrievalService;
  search: SearchService;
  sandbox: SandboxStore;
  files: DocumentFiles;
  signer: UrlSigner;
  idempotency: HttpIdempotency;
  webhooks: WebhookService;
  monitors: MonitorService;
  /** The operator's run-checks. */
  monitorChecks: Pick<MonitorScheduler, 'runDueNow'>;
  workspaces: WorkspaceService;
  billingNotifications: BillingNotifications;
  /** Moves the sandbox clock forward for every process on the store. */
  advanceClock(ms: number): Promise<void>;
  /** Health, readiness and metrics (absent in apps built without the composition root). */
  ops?: OpsServices;
}
