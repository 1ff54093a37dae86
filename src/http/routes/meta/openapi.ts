import type { RouteRegistrar } from '../types.ts';

export const register: RouteRegistrar = (app) => {
  // This process's document, as /docs shows it: the operator API and sandbox controls only when they are enabled.
  // (The committed openapi.json is the full service's, from src/http/openapi-document.ts.)
  app.get('/v2/openapi.json', { schema: { hide: true } }, async () => app.swagger());
  app.get('/health', { schema: { hide: true } }, async () => ({ status: 'ok' }));
};
