import { buildOpenApiDocument } from '../../openapi-document.ts';
import type { RouteRegistrar } from '../types.ts';

let document: Promise<unknown> | undefined;

export const register: RouteRegistrar = (app) => {
  // The full document (operator API included) whatever this process enables: the same as the committed openapi.json.
  app.get('/v2/openapi.json', { schema: { hide: true } }, async () => (document ??= buildOpenApiDocument()));
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
};
