import { loadConfig } from '../config.ts';
import { buildApp } from './app.ts';
import type { Services } from './services.ts';
import { MANIFESTS } from '../registers/index.ts';
import { RegisterRegistry } from '../registers/registry.ts';

/**
 * The full service's OpenAPI document (the committed openapi.json), without a running service: every section
 * that depends on configuration enabled (the operator API, the sandbox controls). Route registration only reads
 * the configuration and the registers' manifests, so the other services are never called here.
 */
export async function buildOpenApiDocument(): Promise<unknown> {
  const config = loadConfig({ ADMIN_TOKEN: 'openapi', REGISTERS: 'sandbox' });
  // The registers' manifests (no register started): their sandbox record formats and account features.
  const app = await buildApp({ config, registers: new RegisterRegistry([], MANIFESTS) } as Services);
  await app.ready();
  const doc = app.swagger();
  await app.close();
  return doc;
}
