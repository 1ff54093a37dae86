import type { FastifyInstance } from 'fastify';

/** One route the running app serves: a method and Fastify's URL pattern (`:param`, `*`). */
export interface Route {
  method: string;
  url: string;
}

/**
 * Routes the app serves that are not ours to test per route: HEAD answers Fastify derives from every GET, the
 * internal targets the URL guards rewrite refused paths to, and the assets swagger-ui serves under /docs/ (the
 * page itself, GET /docs, is ours).
 */
const NOT_OURS: ((r: Route) => boolean)[] = [(r) => r.method === 'HEAD', (r) => r.url.startsWith('/__'), (r) => r.url.startsWith('/docs/')];

/**
 * Every route of a built app, read from Fastify's own route tree (`printRoutes`), so the list is what the app really
 * serves (API, operator API, health, dashboard), not what a document or an index file says it serves.
 */
export function servedRoutes(app: FastifyInstance): Route[] {
  const routes: Route[] = [];
  // Each line is a node of the radix tree: its text continues its parent's, four columns per level.
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const m = /^([│ ]*)[├└]── (.*) \(([^)]*)\)$/.exec(line);
    if (!m) continue;
    const depth = m[1]!.length / 4;
    const url = (prefixes[depth - 1] ?? '') + m[2]!;
    prefixes[depth] = url;
    prefixes.length = depth + 1;
    for (const method of m[3]!.split(', ')) {
      if (method === '-' || NOT_OURS.some((skip) => skip({ method, url }))) continue;
      // The printer drops the '/' before a wildcard ('/dashboard' + '*' is '/dashboard/*'): the app says which it is.
      const real = [url, url.replace(/\*$/, '/*')].find((u) => app.hasRoute({ method, url: u }));
      if (!real) throw new Error(`the route tree shows ${method} ${url}, which the app does not serve`);
      routes.push({ method, url: real });
    }
  }
  return routes;
}

export const routeKey = (r: Route) => `${r.method} ${r.url}`;
