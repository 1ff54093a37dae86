import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ApiError } from '../../shared/errors.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../users/passwords.ts';
import { SESSION_TTL_MS, type SignedIn } from '../../users/service.ts';
import { newToken, sameSecret } from '../../users/tokens.ts';
import { FORM_COOKIE, SESSION_COOKIE, clearCookie, readCookie, setCookie } from '../cookies.ts';
import { formatTime, html } from '../html.ts';
import { sendPlain, type DashboardRoutes } from '../plugin.ts';

const SignInForm = z.object({
  email: z.string().trim().min(1, 'enter your e-mail address').max(320),
  password: z.string().min(1, 'enter your password').max(MAX_PASSWORD_LENGTH),
  next: z.string().max(2000).optional(),
  _form: z.string().max(100).optional(),
});

const SetupForm = z.object({
  password: z.string().max(MAX_PASSWORD_LENGTH),
  confirm: z.string().max(MAX_PASSWORD_LENGTH),
  _form: z.string().max(100).optional(),
});

/** Only our own pages are followed after sign-in: an open redirect would make the sign-in page a phishing tool. */
function safeNext(next: string | undefined): string {
  return next && /^\/dashboard(\/[\w\-./?=&%]*)?$/.test(next) && !next.includes('//') ? next : '/dashboard';
}

/** The pre-session CSRF token (double submit): a fresh cookie per form shown, echoed by a hidden field. */
function issueFormToken(req: FastifyRequest, reply: FastifyReply, publicBaseUrl?: string): string {
  const token = newToken();
  setCookie(reply, req, FORM_COOKIE, token, { maxAgeSeconds: 3600, publicBaseUrl });
  return token;
}

function checkFormToken(req: FastifyRequest, given: string | undefined): void {
  const cookie = readCookie(req, FORM_COOKIE);
  if (!cookie || !given || !sameSecret(cookie, given)) {
    throw new ApiError('invalid_request', 'the form has expired: reload the page and send it again', undefined, undefined, 403);
  }
}

export function startSession(req: FastifyRequest, reply: FastifyReply, session: SignedIn, publicBaseUrl?: string): void {
  setCookie(reply, req, SESSION_COOKIE, session.token, { maxAgeSeconds: SESSION_TTL_MS / 1000, publicBaseUrl });
  clearCookie(reply, req, FORM_COOKIE, publicBaseUrl);
}

function signInForm(formToken: string, next: string, email = '') {
  return html`<form method="post" action="/dashboard/sign-in" class="stack">
<input type="hidden" name="_form" value="${formToken}">
<input type="hidden" name="next" value="${next}">
<label for="email">E-mail</label>
<input id="email" name="email" type="email" autocomplete="username" required value="${email}">
<label for="password">Password</label>
<input id="password" name="password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button>
</form>
<p class="muted">No password yet? Follow the set-up link you were given. Locked out or lost it? Ask your account’s owner or the operator for a new link.</p>`;
}

export const signInRoutes: DashboardRoutes = (d, { users, config }) => {
  const base = config.PUBLIC_BASE_URL;

  d.get('/dashboard/sign-in', { schema: { hide: true } }, async (req, reply) => {
    const next = safeNext((req.query as Record<string, string | undefined>).next);
    return sendPlain(reply, { title: 'Sign in', body: signInForm(issueFormToken(req, reply, base), next) });
  });

  d.post('/dashboard/sign-in', { schema: { hide: true } }, async (req, reply) => {
    const form = SignInForm.safeParse(req.body ?? {});
    const raw = (req.body ?? {}) as Record<string, string>;
    checkFormToken(req, raw._form);
    const next = safeNext(raw.next);
    const again = (text: string, status: number) =>
      sendPlain(
        reply,
        { title: 'Sign in', notice: { kind: 'error', text }, body: signInForm(issueFormToken(req, reply, base), next, raw.email ?? '') },
        status,
      );
    if (!form.success) return again(form.error.issues.map((i) => i.message).join('; '), 400);
    const result = await users.signIn(form.data.email, form.data.password);
    if (!result.ok && result.reason === 'locked') {
      return again(`Too many failed sign-ins: this sign-in is locked until ${formatTime(result.until)}.`, 429);
    }
    if (!result.ok) return again('Wrong e-mail or password.', 401);
    startSession(req, reply, result.session, base);
    return reply.redirect(next, 303);
  });

  d.post('/dashboard/sign-out', { schema: { hide: true } }, async (req, reply) => {
    const token = readCookie(req, SESSION_COOKIE);
    if (token) await users.signOut(token);
    clearCookie(reply, req, SESSION_COOKIE, base);
    return reply.redirect('/dashboard/sign-in', 303);
  });

  d.get('/dashboard/setup/:token', { schema: { hide: true } }, async (req, reply) => {
    const { token } = req.params as { token: string };
    const user = await users.setupUser(token);
    if (!user) {
      return sendPlain(
        reply,
        {
          title: 'Link not valid',
          body: html`<p>This set-up link was used already or has expired. <a href="/dashboard/sign-in">Sign in</a>, or ask for a new link.</p>`,
        },
        404,
      );
    }
    return sendPlain(reply, { title: 'Set your password', body: setupForm(token, user.email, issueFormToken(req, reply, base)) });
  });

  d.post('/dashboard/setup/:token', { schema: { hide: true } }, async (req, reply) => {
    const { token } = req.params as { token: string };
    const raw = (req.body ?? {}) as Record<string, string>;
    checkFormToken(req, raw._form);
    const form = SetupForm.safeParse(raw);
    const user = await users.setupUser(token);
    if (!user) throw new ApiError('resource_not_found', 'this set-up link was used already or has expired');
    const again = (text: string) =>
      sendPlain(
        reply,
        {
          title: 'Set your password',
          notice: { kind: 'error', text },
          body: setupForm(token, user.email, issueFormToken(req, reply, base)),
        },
        400,
      );
    if (!form.success) return again(form.error.issues.map((i) => i.message).join('; '));
    if (form.data.password !== form.data.confirm) return again('The two passwords differ.');
    try {
      const session = await users.completeSetup(token, form.data.password);
      startSession(req, reply, session, base);
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 400) return again(err.message);
      throw err;
    }
    return reply.redirect('/dashboard', 303);
  });
};

function setupForm(token: string, email: string, formToken: string) {
  return html`<p>You sign in as <strong>${email}</strong>. Choose a password of at least ${MIN_PASSWORD_LENGTH} characters; a passphrase of a few words is easiest.</p>
<form method="post" action="/dashboard/setup/${token}" class="stack">
<input type="hidden" name="_form" value="${formToken}">
<input type="text" name="username" autocomplete="username" value="${email}" hidden>
<label for="password">New password</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
<label for="confirm">Repeat it</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
<button type="submit">Set password and sign in</button>
</form>`;
}
