import { loadConfig } from '../config.ts';
import { buildApp } from './app.ts';
import type { Services } from './services.ts';
// Registers declare their sandbox record schemas; loading them puts those schemas in the document.
import '../registers/index.ts';

/**
 * The OpenAPI document without a running service: route registration only reads the configuration,
 * so the other services are never called here.
 */
export async function buildOpenApiDocument(): Promise<unknown> {
  const config = loadConfig({ ADMIN_TOKEN: 'openapi' });
  const app = await buildApp({ config } as Services);
  await app.ready();
  const doc = app.swagger();
  await app.close();
  return doc;
}
