import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Account } from '../accounts/types.ts';
import type { Services } from '../http/services.ts';
import type { DashboardRepository } from './repository.ts';
import { toApiError } from '../http/error-handler.ts';
import { unstorableString } from '../http/request-guards.ts';
import type { SignedIn } from '../users/service.ts';
import { sameSecret } from '../users/tokens.ts';
import { ApiError } from '../shared/errors.ts';
import { SESSION_COOKIE, readCookie } from './cookies.ts';
import { html } from './html.ts';
import { layout, plainLayout, type PageContent, type Section } from './layout.ts';

declare module 'fastify' {
  interface FastifyRequest {
    dashboard?: { session: SignedIn; account: Account };
  }
}

/** Paths served without a session: signing in, setting a password, the stylesheet and script. */
const PUBLIC = [/^\/dashboard\/sign-in$/, /^\/dashboard\/setup\/[^/]+$/, /^\/dashboard\/assets\//];

/** A form is small; anything bigger is not one of ours. */
const FORM_BODY_LIMIT = 64 * 1024;

/**
 * Fixed headers of every dashboard answer: scripts and styles only from us (no inline script can run, whatever
 * got through escaping), no framing (clickjacking), no referrer (a set-up link's token stays out of other logs),
 * and nothing cached (pages show secrets once).
 */
const SECURITY_HEADERS = {
  'content-security-policy':
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'",
  'x-frame-options': 'DENY',
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'cache-control': 'no-store',
};

/** What the pages may call: the API's services and the dashboard's own queries. */
export type DashboardServices = Services & {
  /** The dashboard's account-scoped lists that the API has no operation for (requests, usage per day, last notification). */
  dashboardRepository: DashboardRepository;
};

export type DashboardRoutes = (d: FastifyInstance, services: DashboardServices) => void;

/** The signed-in person and their account (the auth hook guarantees them on every non-public route). */
export function signedIn(req: FastifyRequest): { session: SignedIn; account: Account } {
  if (!req.dashboard) throw new ApiError('unauthorized', 'sign in first');
  return req.dashboard;
}

export function sendPage(reply: FastifyReply, req: FastifyRequest, section: Section, page: PageContent, status = 200): FastifyReply {
  const { session, account } = signedIn(req);
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .send(layout(page, session, account.name, section));
}

export function sendPlain(reply: FastifyReply, page: PageContent, status = 200): FastifyReply {
  return reply.status(status).type('text/html; charset=utf-8').send(plainLayout(page));
}

/**
 * The dashboard under /dashboard: server-rendered pages that call the same domain services as the API, always
 * with the signed-in person's account, so another account's ids are 404 exactly as in the API.
 */
export async function installDashboard(
  app: FastifyInstance,
  services: DashboardServices,
  routes: readonly DashboardRoutes[],
): Promise<void> {
  await app.register(async (d) => {
    d.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: FORM_BODY_LIMIT }, (_req, body, done) => {
      // A repeated name (checkboxes) becomes a list; zod schemas that want one value refuse a list.
      const form: Record<string, string | string[]> = {};
      for (const [k, v] of new URLSearchParams(body as string)) {
        const cur = form[k];
        form[k] = cur === undefined ? v : Array.isArray(cur) ? [...cur, v] : [cur, v];
      }
      // As in the API's JSON bodies: a NUL in a form field was a 500 deep in the insert (PostgreSQL cannot store it).
      const problem = unstorableString(form);
      if (problem) return done(new ApiError('invalid_request', `the form must not contain ${problem}`), undefined);
      done(null, form);
    });

    d.addHook('onRequest', async (req, reply) => {
      reply.headers(SECURITY_HEADERS);
      const path = req.url.split('?', 1)[0] ?? '';
      if (PUBLIC.some((p) => p.test(path))) return;
      const token = readCookie(req, SESSION_COOKIE);
      const session = token ? await services.users.session(token) : undefined;
      const account = session ? await services.accounts.get(session.accountId) : undefined;
      if (!session || !account) {
        if (req.method === 'GET') {
          const next = path === '/dashboard' ? '' : `?next=${encodeURIComponent(req.url)}`;
          return reply.redirect(`/dashboard/sign-in${next}`, 303);
        }
        throw new ApiError('unauthorized', 'your session has ended: sign in again');
      }
      req.dashboard = { session, account };
    });

    // Every state-changing form of a session carries its CSRF token (SameSite=Lax is the second line).
    d.addHook('preHandler', async (req) => {
      if (req.method !== 'POST' || !req.dashboard) return;
      const given = (req.body as Record<string, string> | undefined)?._csrf ?? '';
      if (!sameSecret(given, req.dashboard.session.csrfToken)) {
        throw new ApiError('invalid_request', 'the form has expired: reload the page and send it again', undefined, undefined, 403);
      }
    });

    d.setErrorHandler((err: FastifyError, req, reply) => {
      const e = toApiError(err);
      if (e.statusCode >= 500) req.log.error({ err }, 'dashboard page failed');
      const page: PageContent = {
        title: e.statusCode === 404 ? 'Not found' : e.statusCode === 401 ? 'Signed out' : 'Something went wrong',
        body: html`<p>${e.statusCode >= 500 ? 'An unexpected error occurred; try again.' : e.message}</p>
<p><a href="${req.dashboard ? '/dashboard' : '/dashboard/sign-in'}">Back to the dashboard</a></p>`,
      };
      reply.type('text/html; charset=utf-8');
      if (req.dashboard) return sendPage(reply, req, 'overview', page, e.statusCode);
      return sendPlain(reply, page, e.statusCode);
    });

    for (const r of routes) r(d, services);
    // An unknown page is the dashboard's own 404 page (signed in) or the sign-in page, not the API's JSON envelope.
    d.get('/dashboard/*', { schema: { hide: true } }, async () => {
      throw new ApiError('resource_not_found', 'there is no such page');
    });
  });
}
