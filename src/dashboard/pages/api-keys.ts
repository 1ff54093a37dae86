import { z } from 'zod';
import { ApiError } from '../../shared/errors.ts';
import { actionButton, csrfField, parseForm } from '../forms.ts';
import { html, time, type Html } from '../html.ts';
import type { PageContent } from '../layout.ts';
import { sendPage, signedIn, type DashboardRoutes } from '../plugin.ts';

const CreateForm = z.object({ name: z.string().trim().min(1, 'give the key a name').max(100) });
const DONE: Record<string, string> = { revoked: 'The key has been revoked: it answers 401 from now on.' };

/** API keys: create (shown once), list with last use, revoke. The same service as `/v2/api-keys`. */
export const apiKeyRoutes: DashboardRoutes = (d, { apiKeys }) => {
  async function page(req: Parameters<typeof signedIn>[0], extra: Partial<PageContent> & { created?: Html } = {}): Promise<PageContent> {
    const { session, account } = signedIn(req);
    const keys = await apiKeys.list(account.id);
    const csrf = session.csrfToken;
    return {
      title: 'API keys',
      ...extra,
      body: html`${extra.created ?? ''}
<section aria-labelledby="new-key">
<h2 id="new-key">Create a key</h2>
<form method="post" action="/dashboard/api-keys" class="row">${csrfField(csrf)}
<div class="field"><label for="key-name">Name</label><input id="key-name" name="name" required maxlength="100" placeholder="production"></div>
<button type="submit">Create key</button>
</form>
</section>
<section aria-labelledby="keys">
<h2 id="keys">Your keys</h2>
<table>
<caption>Keys that work now; send one in the <code>x-api-key</code> header</caption>
<thead><tr><th scope="col">Name</th><th scope="col">Key starts with</th><th scope="col">Created</th><th scope="col">Last used</th><th scope="col">Action</th></tr></thead>
<tbody>${keys.map(
        (
          k,
        ) => html`<tr data-key-id="${k.id}"><td>${k.name}</td><td><code>${k.prefix}…</code></td><td>${time(k.createdAt)}</td><td>${time(k.lastUsedAt)}</td>
<td>${
          keys.length > 1
            ? actionButton(`/dashboard/api-keys/${k.id}/revoke`, `Revoke ${k.name}`, csrf, {
                danger: true,
                confirm: `Revoke the key ${k.name}? Programs using it stop working at once.`,
              })
            : html`<span class="muted">last key: create another to revoke it</span>`
        }</td></tr>`,
      )}</tbody>
</table>
</section>`,
    };
  }

  d.get('/dashboard/api-keys', { schema: { hide: true } }, async (req, reply) => {
    const done = DONE[(req.query as Record<string, string>).done ?? ''];
    return sendPage(reply, req, 'api-keys', await page(req, done ? { notice: { kind: 'ok', text: done } } : {}));
  });

  d.post('/dashboard/api-keys', { schema: { hide: true } }, async (req, reply) => {
    const { account } = signedIn(req);
    let name: string;
    try {
      name = parseForm(CreateForm, req.body).name;
    } catch (err) {
      if (err instanceof ApiError)
        return sendPage(reply, req, 'api-keys', await page(req, { notice: { kind: 'error', text: err.message } }), 400);
      throw err;
    }
    const key = await apiKeys.create(account.id, name);
    const created = html`<div class="secret" role="status" aria-labelledby="shown-once">
<h2 id="shown-once">Your new key “${key.name}”</h2>
<p>Copy it now: it is shown only this once (we keep only its hash).</p>
<p><code class="copy" data-testid="new-key">${key.key}</code></p>
</div>`;
    return sendPage(reply, req, 'api-keys', await page(req, { created, replaceUrl: '/dashboard/api-keys' }), 201);
  });

  d.post('/dashboard/api-keys/:id/revoke', { schema: { hide: true } }, async (req, reply) => {
    const { account } = signedIn(req);
    try {
      await apiKeys.revoke(account.id, (req.params as { id: string }).id);
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 409) {
        return sendPage(reply, req, 'api-keys', await page(req, { notice: { kind: 'error', text: err.message } }), 409);
      }
      throw err;
    }
    return reply.redirect('/dashboard/api-keys?done=revoked', 303);
  });
};
