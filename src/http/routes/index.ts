// Every route of the API, by section: the HTTP app mounts them behind their authentication, and the OpenAPI
// generator (src/http/openapi-document.ts) reads their schemas without building the app.
import type { RouteRegistrar } from './types.ts';
import { register as searchGet } from './search/get.ts';
import { register as companyCreate } from './company/create.ts';
import { register as companyGet } from './company/get.ts';
import { register as onboardingCreate } from './onboarding/create.ts';
import { register as filesGet } from './files/get.ts';
import { register as billingBalance } from './billing/balance.ts';
import { register as billingEvents } from './billing/events.ts';
import { register as pricingGet } from './pricing/get.ts';
import { register as adminAccounts } from './admin/accounts.ts';
import { register as adminSandbox } from './admin/sandbox.ts';
import { register as meta } from './meta/openapi.ts';
import { register as webhookEndpointCreate } from './webhook-endpoints/create.ts';
import { register as webhookEndpointList } from './webhook-endpoints/list.ts';
import { register as webhookEndpointDelete } from './webhook-endpoints/delete.ts';
import { register as webhookEndpointRotate } from './webhook-endpoints/rotate-secret.ts';
import { register as webhookDeliveries } from './webhook-endpoints/deliveries.ts';
import { register as webhookDeliveryRetry } from './webhook-endpoints/retry.ts';
import { register as monitorCreate } from './monitors/create.ts';
import { register as monitorRead } from './monitors/read.ts';
import { register as adminMonitors } from './admin/monitors.ts';
import { register as webhookTestEvent } from './webhook-endpoints/test-event.ts';
import { register as apiKeyCreate } from './api-keys/create.ts';
import { register as apiKeyList } from './api-keys/list.ts';
import { register as apiKeyDelete } from './api-keys/delete.ts';
import { register as workspacesManage } from './workspaces/manage.ts';
import { register as workspacesUsage } from './workspaces/usage.ts';
import { register as billingNotifications } from './billing/notifications.ts';

/** The account API under /v2, authenticated by API key (src/http/app.ts). */
export const ACCOUNT_ROUTES: RouteRegistrar[] = [
  searchGet,
  companyCreate,
  companyGet,
  onboardingCreate,
  filesGet,
  billingBalance,
  billingEvents,
  pricingGet,
  webhookEndpointCreate,
  webhookEndpointList,
  webhookEndpointDelete,
  webhookEndpointRotate,
  webhookDeliveries,
  webhookDeliveryRetry,
  webhookTestEvent,
  monitorCreate,
  monitorRead,
  apiKeyCreate,
  apiKeyList,
  apiKeyDelete,
  workspacesManage,
  workspacesUsage,
  billingNotifications,
];
/** The operator API under /admin, with ADMIN_TOKEN only. */
export const OPERATOR_ROUTES: RouteRegistrar[] = [adminAccounts, adminSandbox, adminMonitors];

/** The API description and health: public. */
export const META_ROUTES: RouteRegistrar = meta;
