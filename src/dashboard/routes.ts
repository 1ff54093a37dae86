import { assetRoutes } from './assets.ts';
import { accountRoutes } from './pages/account.ts';
import { apiKeyRoutes } from './pages/api-keys.ts';
import { billingRoutes } from './pages/billing.ts';
import { monitorRoutes } from './pages/monitors.ts';
import { overviewRoutes } from './pages/overview.ts';
import { playgroundRoutes } from './pages/playground.ts';
import { requestRoutes } from './pages/requests.ts';
import { signInRoutes } from './pages/sign-in.ts';
import { webhookRoutes } from './pages/webhooks.ts';
import type { DashboardRoutes } from './plugin.ts';

/** Every page of the dashboard, one module per section. */
export const DASHBOARD_ROUTES: DashboardRoutes[] = [
  assetRoutes,
  signInRoutes,
  overviewRoutes,
  apiKeyRoutes,
  webhookRoutes,
  requestRoutes,
  monitorRoutes,
  billingRoutes,
  playgroundRoutes,
  accountRoutes,
];
