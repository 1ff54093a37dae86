import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { compiledSerializerCompiler } from './serializer.ts';
import { installAddressRateLimit } from './address-rate-limit.ts';
import { adminAuth, apiKeyAuth } from './auth.ts';
import { httpServerOptions, limitConnectionsPerAddress } from './connections.ts';
import { loggerOptions } from './logging.ts';
import { installRequestContext, requestIdOptions } from './request-context.ts';
import { registerOps } from './routes/health/index.ts';
import { installErrorHandling } from './error-handler.ts';
import { collectRoutes, installNotFound } from './not-found.ts';
import { installRequestGuards, MAX_PATH_SEGMENT, rewriteMalformedUrl } from './request-guards.ts';
import { installOpenApi } from './openapi.ts';
import { installRateLimits } from './rate-limit.ts';
import type { Services } from './services.ts';
import { ACCOUNT_ROUTES, META_ROUTES, OPERATOR_ROUTES } from './routes/index.ts';
import { installUnknownFields } from './unknown-fields.ts';

/** Routes under /v2 that need no API key: the public API description and signed document links. */
const PUBLIC_V2 = new Set(['/v2/openapi.json', '/v2/files/:fileId']);

export async function buildApp(
  services: Services,
  opts: {
    logger?: boolean | object;
    loggerInstance?: FastifyBaseLogger;
    /** Parts served beside the API that the composition root adds (the dashboard), after the API's routes. */
    plugins?: readonly ((app: FastifyInstance) => Promise<void>)[];
  } = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    // Credentials (signed URLs' signatures, API keys, tokens, secrets) are redacted from every log line.
    ...(opts.loggerInstance ? { loggerInstance: opts.loggerInstance } : { logger: loggerOptions(opts.logger) }),
    bodyLimit: services.config.BODY_LIMIT_BYTES,
    // The x-request-id (the caller's or new) names the request in every log line; ids in the API are our own.
    ...requestIdOptions,
    ajv: { customOptions: { coerceTypes: false } },
    rewriteUrl: rewriteMalformedUrl,
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT },
    // Includes the handler of requests Node's parser refuses (timeouts, oversized headers, broken HTTP).
    ...httpServerOptions(services.config),
  });
  limitConnectionsPerAddress(app.server, services.config.MAX_CONNECTIONS_PER_ADDRESS);
  installRequestContext(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(compiledSerializerCompiler({ verify: services.config.RESPONSE_SERIALIZER_CHECK === 'on' }));
  installErrorHandling(app);
  // Before authentication and every route: failed authentications spend the client address's budget.
  installAddressRateLimit(app, services.config.RATE_LIMIT_PER_ADDRESS_PER_MINUTE);
  const routes = collectRoutes(app);
  await installOpenApi(app);
  await installRateLimits(app, services.config.RATE_LIMIT_PER_MINUTE);
  installNotFound(app, routes);
  installRequestGuards(app);
  installUnknownFields(app);

  if (services.ops) registerOps(app, services.ops);
  // A worker process (ROLE=worker) answers the operations endpoints only.
  if (services.config.ROLE === 'worker') return app;

  const authenticate = apiKeyAuth(services.accounts, services.keyUsage);
  await app.register(async (v2) => {
    v2.addHook('onRequest', async (req) => {
      if (!PUBLIC_V2.has(req.routeOptions.url ?? '')) await authenticate(req);
    });
    for (const r of ACCOUNT_ROUTES) r(v2, services);
    META_ROUTES(v2, services);
  });

  for (const plugin of opts.plugins ?? []) await plugin(app);

  const adminToken = services.config.ADMIN_TOKEN;
  if (adminToken) {
    await app.register(async (admin) => {
      admin.addHook('onRequest', adminAuth(adminToken));
      for (const r of OPERATOR_ROUTES) r(admin, services);
    });
  }
  return app;
}
