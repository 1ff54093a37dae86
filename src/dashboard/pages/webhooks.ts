import { z } from 'zod';
import { WebhookEndpointCreateBody } from '../../contract/index.ts';
import { ApiError } from '../../shared/errors.ts';
import type { Endpoint } from '../../webhooks/types.ts';
import { actionButton, afterOf, csrfField, pager, parseForm } from '../forms.ts';
import { html, time, type Html } from '../html.ts';
import type { PageContent } from '../layout.ts';
import { sendPage, signedIn, type DashboardRoutes } from '../plugin.ts';
import { messageRoutes } from './webhook-messages.ts';

// The API's own schema, with an empty description meaning none.
const CreateForm = z.object({ url: z.string().trim(), description: z.string().trim().max(500).optional() });
const DONE: Record<string, string> = {
  deleted: 'The endpoint has been deleted: it receives nothing more.',
  test: 'A test event is on its way: it appears in the delivery log below.',
};
const PAGE_SIZE = 25;

function secretBox(title: string, secret: string): Html {
  return html`<div class="secret" role="status">
<h2>${title}</h2>
<p>Copy the signing secret now: it is shown only this once. Verify deliveries with any Standard Webhooks library.</p>
<p><code class="copy" data-testid="secret">${secret}</code></p>
</div>`;
}

function endpointStatus(e: Endpoint): Html {
  return html`<span class="status ${e.status}">${e.status}</span>${e.disabledReason ? html` <span class="muted">(${e.disabledReason})</span>` : ''}`;
}

/** Webhook endpoints (spec §5.3-5.4, "Developers, Webhooks"): create, rotate, delete, test, the delivery log. */
export const webhookRoutes: DashboardRoutes = (d, services) => {
  const { webhooks } = services;

  async function listPage(req: Parameters<typeof signedIn>[0], extra: Partial<PageContent> & { top?: Html } = {}): Promise<PageContent> {
    const { session, account } = signedIn(req);
    const endpoints = await webhooks.endpoints.list(account.id);
    return {
      title: 'Webhooks',
      ...extra,
      body: html`${extra.top ?? ''}
<section aria-labelledby="endpoints">
<h2 id="endpoints">Endpoints</h2>
${
  endpoints.length
    ? html`<table><caption>Every endpoint receives every event of the account (company.updated, monitor.notification)</caption>
<thead><tr><th scope="col">URL</th><th scope="col">Description</th><th scope="col">Status</th><th scope="col">Created</th></tr></thead>
<tbody>${endpoints.map(
        (e) =>
          html`<tr><td><a href="/dashboard/webhooks/${e.id}">${e.url}</a></td><td>${e.description ?? ''}</td><td>${endpointStatus(e)}</td><td>${time(e.createdAt)}</td></tr>`,
      )}</tbody></table>`
    : html`<p class="empty">No endpoint yet. Add the URL of your receiver below: it will get a signed POST for every finished request and monitor change.</p>`
}
</section>
<section aria-labelledby="add">
<h2 id="add">Add an endpoint</h2>
<form method="post" action="/dashboard/webhooks" class="stack">${csrfField(session.csrfToken)}
<label for="url">URL (http or https)</label>
<input id="url" name="url" type="url" required maxlength="2000" placeholder="https://example.com/webhooks/registrum">
<label for="description">Description (optional)</label>
<input id="description" name="description" maxlength="500">
<button type="submit">Add endpoint</button>
</form>
</section>`,
    };
  }

  async function endpointPage(
    req: Parameters<typeof signedIn>[0],
    id: string,
    extra: Partial<PageContent> & { top?: Html } = {},
  ): Promise<PageContent> {
    const { session, account } = signedIn(req);
    const endpoint = await webhooks.endpoints.get(account.id, id);
    const after = afterOf(req.query);
    const { messages, hasNextPage } = await webhooks.endpoints.messages(account.id, id, { first: PAGE_SIZE, after });
    const csrf = session.csrfToken;
    const base = `/dashboard/webhooks/${id}`;
    const last = messages[messages.length - 1];
    return {
      title: `Webhook endpoint`,
      refresh: messages.some((m) => m.status === 'pending'),
      ...extra,
      body: html`${extra.top ?? ''}
<section aria-labelledby="facts">
<h2 id="facts">${endpoint.url}</h2>
<dl class="facts"><dt>Id</dt><dd><code>${endpoint.id}</code></dd><dt>Description</dt><dd>${endpoint.description ?? '—'}</dd>
<dt>Status</dt><dd>${endpointStatus(endpoint)}</dd><dt>Created</dt><dd>${time(endpoint.createdAt)}</dd></dl>
<p>${endpoint.status === 'enabled' ? actionButton(`${base}/test`, 'Send test event', csrf) : ''}
${actionButton(`${base}/rotate`, 'Rotate secret', csrf, { confirm: 'Rotate the signing secret? The old one keeps signing for 24 hours.' })}
${actionButton(`${base}/delete`, 'Delete endpoint', csrf, { danger: true, confirm: 'Delete this endpoint? It receives nothing more.' })}</p>
</section>
<section aria-labelledby="log" id="progress">
<h2 id="log">Delivery log</h2>
${
  messages.length
    ? html`<table><caption>Messages sent to this endpoint, newest first</caption>
<thead><tr><th scope="col">Message</th><th scope="col">Event</th><th scope="col">Created</th><th scope="col">Delivery</th><th scope="col" class="num">Attempts</th><th scope="col">Body</th></tr></thead>
<tbody>${messages.map(
        (m) => html`<tr><td><a href="${base}/messages/${m.id}">${m.id}</a></td><td>${m.eventType}</td><td>${time(m.createdAt)}</td>
<td><span class="status ${m.status}">${m.status}</span>${m.nextAttemptAt ? html`<br><span class="muted">next ${time(m.nextAttemptAt)}</span>` : ''}</td>
<td class="num">${m.attemptCount}</td><td><code>${m.excerpt}${m.excerpt.length >= 240 ? '…' : ''}</code></td></tr>`,
      )}</tbody></table>
${pager('Delivery log pages', base, hasNextPage && last ? last.id : undefined, !after)}`
    : html`<p class="empty">Nothing sent yet. Use “Send test event”, or make a request: its company.updated events appear here.</p>`
}
</section>`,
    };
  }

  d.get('/dashboard/webhooks', { schema: { hide: true } }, async (req, reply) => {
    const done = DONE[(req.query as Record<string, string>).done ?? ''];
    return sendPage(reply, req, 'webhooks', await listPage(req, done ? { notice: { kind: 'ok', text: done } } : {}));
  });

  d.post('/dashboard/webhooks', { schema: { hide: true } }, async (req, reply) => {
    const { account } = signedIn(req);
    try {
      const form = parseForm(CreateForm, req.body);
      const input = parseForm(WebhookEndpointCreateBody, { url: form.url, ...(form.description ? { description: form.description } : {}) });
      const { endpoint, secret } = await webhooks.endpoints.create(account.id, input);
      return sendPage(
        reply,
        req,
        'webhooks',
        await listPage(req, { top: secretBox(`Endpoint added: ${endpoint.url}`, secret), replaceUrl: '/dashboard/webhooks' }),
        201,
      );
    } catch (err) {
      if (err instanceof ApiError && err.statusCode === 400) {
        const text = [err.message, ...(err.details ?? [])].join(': ');
        return sendPage(reply, req, 'webhooks', await listPage(req, { notice: { kind: 'error', text } }), 400);
      }
      throw err;
    }
  });

  d.get('/dashboard/webhooks/:id', { schema: { hide: true } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    const done = DONE[(req.query as Record<string, string>).done ?? ''];
    return sendPage(reply, req, 'webhooks', await endpointPage(req, id, done ? { notice: { kind: 'ok', text: done } } : {}));
  });

  d.post('/dashboard/webhooks/:id/rotate', { schema: { hide: true } }, async (req, reply) => {
    const { account } = signedIn(req);
    const { id } = req.params as { id: string };
    const { secret, previousSecretExpiresAt } = await webhooks.endpoints.rotateSecret(account.id, id);
    const top = html`${secretBox('New signing secret', secret)}<p class="muted">The previous secret keeps signing beside it until ${time(previousSecretExpiresAt)}.</p>`;
    return sendPage(reply, req, 'webhooks', await endpointPage(req, id, { top, replaceUrl: `/dashboard/webhooks/${id}` }));
  });

  d.post('/dashboard/webhooks/:id/delete', { schema: { hide: true } }, async (req, reply) => {
    await webhooks.endpoints.delete(signedIn(req).account.id, (req.params as { id: string }).id);
    return reply.redirect('/dashboard/webhooks?done=deleted', 303);
  });

  d.post('/dashboard/webhooks/:id/test', { schema: { hide: true } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    await webhooks.endpoints.sendTest(signedIn(req).account.id, id);
    return reply.redirect(`/dashboard/webhooks/${id}?done=test`, 303);
  });

  messageRoutes(d, services);
};
