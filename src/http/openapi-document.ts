import { loadConfig } from '../config.ts';
import { buildApp } from './app.ts';
import type { Services } from './services.ts';
// Registers declare their sandbox record schemas; loading them puts those schemas in the document.
import '../registers/index.ts';

/**
 * The full service's OpenAPI document (the committed openapi.json), without a running service: every section
 * that depends on configuration enabled (the operator API, the sandbox controls). Route registration only reads
 * the configuration, so the other services are never called here.
 */
export async function buildOpenApiDocument(): Promise<unknown> {
  const config = loadConfig({ ADMIN_TOKEN: 'openapi', REGISTERS: 'sandbox' });
  const app = await buildApp({ config } as Services);
  await app.ready();
  const doc = app.swagger();
  await app.close();
  return doc;
}
