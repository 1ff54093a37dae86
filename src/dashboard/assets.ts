import { readFileSync } from 'node:fs';
import type { DashboardRoutes } from './plugin.ts';

/** Our own stylesheet and script, read once at start (no CDN, no build step). */
const FILES: Record<string, { type: string; body: string }> = {
  'dashboard.css': { type: 'text/css; charset=utf-8', body: readFileSync(new URL('./assets/dashboard.css', import.meta.url), 'utf8') },
  'dashboard.js': { type: 'text/javascript; charset=utf-8', body: readFileSync(new URL('./assets/dashboard.js', import.meta.url), 'utf8') },
};

export const assetRoutes: DashboardRoutes = (d) => {
  d.get('/dashboard/assets/:file', { schema: { hide: true } }, async (req, reply) => {
    const file = FILES[(req.params as { file: string }).file];
    if (!file) return reply.status(404).type('text/plain').send('not found');
    // Cached for an hour: the pages themselves are never cached.
    return reply.type(file.type).header('cache-control', 'public, max-age=3600').send(file.body);
  });
};
