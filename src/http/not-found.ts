import type { FastifyInstance } from 'fastify';
import { ApiError } from '../shared/errors.ts';

/**
 * Unknown routes answer 404 `resource_not_found`; a known path with a method it does not serve answers 405
 * (`invalid_request`) with an `Allow` header listing the methods it does serve. Both go through the rate limiter,
 * so they carry the RateLimit-* headers like every other response.
 *
 * Call `collectRoutes` before the routes are added and `installNotFound` after the rate limiter is registered.
 */
export function collectRoutes(app: FastifyInstance): RouteTable {
  const table = new RouteTable();
  app.addHook('onRoute', (route) => {
    if (route.schema?.hide && route.url.startsWith('/__')) return;
    for (const method of [route.method].flat()) table.add(method, route.url);
  });
  return table;
}

export function installNotFound(app: FastifyInstance, routes: RouteTable): void {
  app.setNotFoundHandler({ preHandler: app.rateLimit() }, (req, reply) => {
    const path = req.url.split('?')[0] ?? '/';
    const allowed = routes.methodsOf(path);
    if (allowed.length > 0) {
      const e = new ApiError(
        'invalid_request',
        `method ${req.method} is not allowed on ${path}; allowed: ${allowed.join(', ')}`,
        undefined,
        undefined,
        405,
      );
      return reply.status(405).header('allow', allowed.join(', ')).send(e.toBody());
    }
    const e = new ApiError('resource_not_found', `no route ${req.method} ${path}`);
    return reply.status(404).send(e.toBody());
  });
}

/** The registered routes as patterns (`:param` matches one path segment, `*` the rest). */
export class RouteTable {
  private readonly routes: { method: string; pattern: RegExp }[] = [];

  add(method: string, url: string): void {
    const source = url
      .split('/')
      .map((seg) => (seg.startsWith(':') ? '[^/]+' : seg === '*' ? '.*' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('/');
    this.routes.push({ method, pattern: new RegExp(`^${source}/?$`) });
  }

  methodsOf(path: string): string[] {
    const methods = new Set(this.routes.filter((r) => r.pattern.test(path)).map((r) => r.method));
    return [...methods].sort();
  }
}
