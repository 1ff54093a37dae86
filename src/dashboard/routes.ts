import { assetRoutes } from './assets.ts';
import { accountRoutes } from './pages/account.ts';
import { apiKeyRoutes } from './pages/api-keys.ts';
import { overviewRoutes } from './pages/overview.ts';
import { signInRoutes } from './pages/sign-in.ts';
import type { DashboardRoutes } from './plugin.ts';

/** Every page of the dashboard, one module per section. */
export const DASHBOARD_ROUTES: DashboardRoutes[] = [assetRoutes, signInRoutes, overviewRoutes, apiKeyRoutes, accountRoutes];
