import { z } from 'zod';
import { ApiError } from '../../shared/errors.ts';
import { MAX_PASSWORD_LENGTH, MIN_PASSWORD_LENGTH } from '../../users/passwords.ts';
import { setupPath } from '../../users/service.ts';
import { csrfField, parseForm } from '../forms.ts';
import { html, time, type Html } from '../html.ts';
import type { PageContent } from '../layout.ts';
import { sendPage, signedIn, type DashboardRoutes } from '../plugin.ts';

const PasswordForm = z.object({
  current: z.string().min(1, 'enter your current password').max(MAX_PASSWORD_LENGTH),
  password: z.string().max(MAX_PASSWORD_LENGTH),
  confirm: z.string().max(MAX_PASSWORD_LENGTH),
});
const InviteForm = z.object({ email: z.string().trim().min(3, 'enter an e-mail address').max(320) });

/** The signed-in person's password, and the account's people (owners invite members). */
export const accountRoutes: DashboardRoutes = (d, { users, signer }) => {
  async function page(req: Parameters<typeof signedIn>[0], extra: Partial<PageContent> & { invited?: Html } = {}): Promise<PageContent> {
    const { session, account } = signedIn(req);
    const people = await users.list(account.id);
    const csrf = session.csrfToken;
    return {
      title: 'Account',
      ...extra,
      body: html`<section aria-labelledby="pw">
<h2 id="pw">Change your password</h2>
<form method="post" action="/dashboard/account/password" class="stack">${csrfField(csrf)}
<input type="text" name="username" autocomplete="username" value="${session.email}" hidden>
<label for="current">Current password</label>
<input id="current" name="current" type="password" autocomplete="current-password" required>
<label for="password">New password (at least ${MIN_PASSWORD_LENGTH} characters)</label>
<input id="password" name="password" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
<label for="confirm">Repeat the new password</label>
<input id="confirm" name="confirm" type="password" autocomplete="new-password" minlength="${MIN_PASSWORD_LENGTH}" required>
<button type="submit">Change password</button>
</form>
<p class="muted">Changing it signs you out everywhere else.</p>
</section>
<section aria-labelledby="people">
<h2 id="people">People</h2>
<table>
<caption>People who can sign in to ${account.name}</caption>
<thead><tr><th scope="col">E-mail</th><th scope="col">Role</th><th scope="col">Since</th><th scope="col">Password set</th></tr></thead>
<tbody>${people.map(
        (p) =>
          html`<tr><td>${p.email}</td><td>${p.role}</td><td>${time(p.createdAt)}</td><td>${p.passwordHash ? 'yes' : 'not yet'}</td></tr>`,
      )}</tbody>
</table>
${extra.invited ?? ''}
${
  session.role === 'owner'
    ? html`<form method="post" action="/dashboard/account/members" class="stack">${csrfField(csrf)}
<label for="invite">Invite a member by e-mail</label>
<input id="invite" name="email" type="email" required>
<button type="submit">Create set-up link</button>
</form>`
    : html`<p class="muted">Only an owner can invite people.</p>`
}
</section>`,
    };
  }

  d.get('/dashboard/account', { schema: { hide: true } }, async (req, reply) => sendPage(reply, req, 'account', await page(req)));

  d.post('/dashboard/account/password', { schema: { hide: true } }, async (req, reply) => {
    const { session } = signedIn(req);
    try {
      const form = parseForm(PasswordForm, req.body);
      if (form.password !== form.confirm) throw new ApiError('invalid_request', 'the two new passwords differ');
      await users.changePassword(session, form.current, form.password);
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 400) {
        return sendPage(reply, req, 'account', await page(req, { notice: { kind: 'error', text: err.message } }), 400);
      }
      throw err;
    }
    return sendPage(reply, req, 'account', await page(req, { notice: { kind: 'ok', text: 'Your password has been changed.' } }));
  });

  d.post('/dashboard/account/members', { schema: { hide: true } }, async (req, reply) => {
    const { session, account } = signedIn(req);
    if (session.role !== 'owner') throw new ApiError('invalid_request', 'only an owner can invite people', undefined, undefined, 403);
    try {
      const { email } = parseForm(InviteForm, req.body);
      const token = await users.invite(account.id, email);
      const link = signer.baseUrl + setupPath(token);
      const invited = html`<div class="secret" role="status"><p>Send this one-time set-up link to ${email} (valid 7 days; shown once):</p>
<p><code class="copy">${link}</code></p></div>`;
      return sendPage(reply, req, 'account', await page(req, { invited, replaceUrl: '/dashboard/account' }), 201);
    } catch (err) {
      if (err instanceof ApiError && err.statusCode < 500) {
        return sendPage(reply, req, 'account', await page(req, { notice: { kind: 'error', text: err.message } }), err.statusCode);
      }
      throw err;
    }
  });
};
