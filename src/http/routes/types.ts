import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../services.ts';

export type App = FastifyInstance;
/** Each route file exports `register(app, services)`; the app is typed by the zod provider. */
export type RouteRegistrar = (app: App, services: Services) => void;

export function typed(app: App) {
  return app.withTypeProvider<ZodTypeProvider>();
}
