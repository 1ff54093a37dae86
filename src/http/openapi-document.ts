import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { loadConfig } from '../config.ts';
import { MANIFESTS } from '../registers/index.ts';
import { RegisterRegistry } from '../registers/registry.ts';
import { installOpenApi } from './openapi.ts';
import { ACCOUNT_ROUTES, META_ROUTES, OPERATOR_ROUTES } from './routes/index.ts';
import type { Services } from './services.ts';

/**
 * The full service's OpenAPI document (the committed openapi.json), without a running service and without the HTTP
 * app: the routes' schemas mounted on a bare Fastify as the app mounts them, every section that depends on
 * configuration enabled (the operator API, the sandbox controls). Route registration only reads the configuration
 * and the registers' manifests (no register started), so the other services are never called here.
 */
export async function buildOpenApiDocument(): Promise<unknown> {
  const config = loadConfig({ ADMIN_TOKEN: 'openapi', REGISTERS: 'sandbox' });
  const services = { config, registers: new RegisterRegistry([], MANIFESTS) } as Services;
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await installOpenApi(app);
  await app.register(async (v2) => {
    for (const r of ACCOUNT_ROUTES) r(v2, services);
    META_ROUTES(v2, services);
  });
  await app.register(async (admin) => {
    for (const r of OPERATOR_ROUTES) r(admin, services);
  });
  await app.ready();
  const doc = app.swagger();
  await app.close();
  return doc;
}
