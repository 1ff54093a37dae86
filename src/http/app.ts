import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { installAddressRateLimit } from './address-rate-limit.ts';
import { adminAuth, apiKeyAuth } from './auth.ts';
import { httpServerOptions, limitConnectionsPerAddress } from './connections.ts';
import { loggerOptions } from './logging.ts';
import { installErrorHandling } from './error-handler.ts';
import { collectRoutes, installNotFound } from './not-found.ts';
import { installRequestGuards, MAX_PATH_SEGMENT, rewriteMalformedUrl } from './request-guards.ts';
import { installOpenApi } from './openapi.ts';
import { installRateLimits } from './rate-limit.ts';
import type { Services } from './services.ts';
import type { RouteRegistrar } from './routes/types.ts';
import { register as searchGet } from './routes/search/get.ts';
import { register as companyCreate } from './routes/company/create.ts';
import { register as companyGet } from './routes/company/get.ts';
import { register as onboardingCreate } from './routes/onboarding/create.ts';
import { register as filesGet } from './routes/files/get.ts';
import { register as billingBalance } from './routes/billing/balance.ts';
import { register as billingEvents } from './routes/billing/events.ts';
import { register as pricingGet } from './routes/pricing/get.ts';
import { register as adminAccounts } from './routes/admin/accounts.ts';
import { register as adminSandbox } from './routes/admin/sandbox.ts';
import { register as meta } from './routes/meta/openapi.ts';
import { register as webhookEndpointCreate } from './routes/webhook-endpoints/create.ts';
import { register as webhookEndpointList } from './routes/webhook-endpoints/list.ts';
import { register as webhookEndpointDelete } from './routes/webhook-endpoints/delete.ts';
import { register as webhookEndpointRotate } from './routes/webhook-endpoints/rotate-secret.ts';
import { register as webhookDeliveries } from './routes/webhook-endpoints/deliveries.ts';
import { register as webhookDeliveryRetry } from './routes/webhook-endpoints/retry.ts';
import { register as monitorCreate } from './routes/monitors/create.ts';
import { register as monitorRead } from './routes/monitors/read.ts';
import { register as adminMonitors } from './routes/admin/monitors.ts';
import { installUnknownFields } from './unknown-fields.ts';
import { register as workspacesManage } from './routes/workspaces/manage.ts';
import { register as workspacesUsage } from './routes/workspaces/usage.ts';
import { register as billingNotifications } from './routes/billing/notifications.ts';

/** Routes under /v2 that need no API key: the public API description and signed document links. */
const PUBLIC_V2 = new Set(['/v2/openapi.json', '/v2/files/:fileId']);

const ACCOUNT_ROUTES: RouteRegistrar[] = [
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
  monitorCreate,
  monitorRead,
  workspacesManage,
  workspacesUsage,
  billingNotifications,
];
const OPERATOR_ROUTES: RouteRegistrar[] = [adminAccounts, adminSandbox, adminMonitors];

export async function buildApp(services: Services, opts: { logger?: boolean | object } = {}): Promise<FastifyInstance> {
  const app = Fastify({
    // Credentials (signed URLs' signatures, API keys, tokens, secrets) are redacted from every log line.
    logger: loggerOptions(opts.logger),
    bodyLimit: services.config.BODY_LIMIT_BYTES,
    // Ids in logs and errors come from our own id module; Fastify's are only for log correlation.
    requestIdHeader: false,
    ajv: { customOptions: { coerceTypes: false } },
    rewriteUrl: rewriteMalformedUrl,
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT },
    // Includes the handler of requests Node's parser refuses (timeouts, oversized headers, broken HTTP).
    ...httpServerOptions(services.config),
  });
  limitConnectionsPerAddress(app.server, services.config.MAX_CONNECTIONS_PER_ADDRESS);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  installErrorHandling(app);
  // Before authentication and every route: failed authentications spend the client address's budget.
  installAddressRateLimit(app, services.config.RATE_LIMIT_PER_ADDRESS_PER_MINUTE);
  const routes = collectRoutes(app);
  await installOpenApi(app);
  await installRateLimits(app, services.config.RATE_LIMIT_PER_MINUTE);
  installNotFound(app, routes);
  installRequestGuards(app);
  installUnknownFields(app);

  const authenticate = apiKeyAuth(services.accounts);
  await app.register(async (v2) => {
    v2.addHook('onRequest', async (req) => {
      if (!PUBLIC_V2.has(req.routeOptions.url ?? '')) await authenticate(req);
    });
    for (const r of ACCOUNT_ROUTES) r(v2, services);
    meta(v2, services);
  });

  const adminToken = services.config.ADMIN_TOKEN;
  if (adminToken) {
    await app.register(async (admin) => {
      admin.addHook('onRequest', adminAuth(adminToken));
      for (const r of OPERATOR_ROUTES) r(admin, services);
    });
  }
  return app;
}
