import { actionButton } from '../forms.ts';
import { html, jsonBlock, time } from '../html.ts';
import { sendPage, signedIn, type DashboardRoutes } from '../plugin.ts';

/** One message of an endpoint's delivery log: its body, every attempt, and a manual retry. */
export const messageRoutes: DashboardRoutes = (d, { webhooks }) => {
  d.get('/dashboard/webhooks/:id/messages/:messageId', { schema: { hide: true } }, async (req, reply) => {
    const { session, account } = signedIn(req);
    const { id, messageId } = req.params as { id: string; messageId: string };
    const endpoint = await webhooks.endpoints.get(account.id, id);
    const { message, attempts } = await webhooks.endpoints.message(account.id, id, messageId);
    const retried = (req.query as Record<string, string>).done === 'retried';
    let body: unknown = message.body;
    try {
      body = JSON.parse(message.body);
    } catch {
      /* shown as the text it is */
    }
    return sendPage(reply, req, 'webhooks', {
      title: `Message ${message.id}`,
      refresh: message.status === 'pending',
      ...(retried ? { notice: { kind: 'ok', text: 'Sent again: the new attempt is at the top of the list.' } } : {}),
      body: html`<p><a href="/dashboard/webhooks/${id}">← ${endpoint.url}</a></p>
<section aria-labelledby="state" id="progress">
<h2 id="state">Delivery</h2>
<dl class="facts"><dt>Event</dt><dd>${message.eventType}</dd><dt>Created</dt><dd>${time(message.createdAt)}</dd>
<dt>Status</dt><dd><span class="status ${message.status}">${message.status}</span></dd>
${message.nextAttemptAt ? html`<dt>Next attempt</dt><dd>${time(message.nextAttemptAt)}</dd>` : ''}</dl>
<p>${endpoint.status === 'enabled' ? actionButton(`/dashboard/webhooks/${id}/messages/${message.id}/retry`, 'Retry now', session.csrfToken) : ''}</p>
<table><caption>Attempts, newest first</caption>
<thead><tr><th scope="col" class="num">#</th><th scope="col">When</th><th scope="col">Trigger</th><th scope="col">Result</th><th scope="col">HTTP status</th><th scope="col">Response (first 1 KiB)</th><th scope="col">Error</th></tr></thead>
<tbody>${
        attempts.length
          ? attempts.map(
              (a) => html`<tr><td class="num">${a.attempt}</td><td>${time(a.createdAt)}</td><td>${a.trigger}</td>
<td><span class="status ${a.status}">${a.status}</span></td><td>${a.responseStatus ?? '—'}</td>
<td>${a.responseBody ? html`<code class="response">${a.responseBody}</code>` : html`<span class="muted">none</span>`}</td><td>${a.error ?? ''}</td></tr>`,
            )
          : html`<tr><td colspan="7">No attempt yet: the first is due ${time(message.nextAttemptAt)}.</td></tr>`
      }</tbody></table>
</section>
<section aria-labelledby="body">
<h2 id="body">Body (as signed)</h2>
${jsonBlock(body)}
</section>`,
    });
  });

  d.post('/dashboard/webhooks/:id/messages/:messageId/retry', { schema: { hide: true } }, async (req, reply) => {
    const { id, messageId } = req.params as { id: string; messageId: string };
    await webhooks.endpoints.retry(signedIn(req).account.id, id, messageId);
    return reply.redirect(`/dashboard/webhooks/${id}/messages/${messageId}?done=retried`, 303);
  });
};
