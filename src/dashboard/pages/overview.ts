import { credits, html } from '../html.ts';
import { sendPage, signedIn, type DashboardRoutes } from '../plugin.ts';

/** The landing page: the balance and where to go next. */
export const overviewRoutes: DashboardRoutes = (d, { billingNotifications, webhooks }) => {
  d.get('/dashboard', { schema: { hide: true } }, async (req, reply) => {
    const { account } = signedIn(req);
    // The status as the API's balance gives it (the account's low-balance tiers).
    const [view, endpoints] = await Promise.all([billingNotifications.balanceView(account.id), webhooks.endpoints.list(account.id)]);
    const { balanceInCreditCents: balance, status } = view;
    return sendPage(reply, req, 'overview', {
      title: 'Overview',
      body: html`<section aria-labelledby="bal">
<h2 id="bal">Balance</h2>
<p class="figure" data-testid="balance">${credits(balance)}</p>
<p>Status: <strong class="status ${status}">${status}</strong>. <a href="/dashboard/billing">Billing events and usage</a></p>
</section>
<section aria-labelledby="start">
<h2 id="start">Getting started</h2>
<ol>
<li><a href="/dashboard/api-keys">Create an API key</a> and send it in the <code>x-api-key</code> header.</li>
<li>${endpoints.length ? html`${endpoints.length} webhook endpoint(s) receive your events.` : html`<a href="/dashboard/webhooks">Add a webhook endpoint</a> to hear about finished requests and monitor changes.`}</li>
<li>Try a search and a retrieval in the <a href="/dashboard/playground">playground</a>, then follow it under <a href="/dashboard/requests">Requests</a>.</li>
<li>Watch a company for changes under <a href="/dashboard/monitors">Monitors</a>.</li>
<li>The API reference is at <a href="/docs">/docs</a>.</li>
</ol>
</section>`,
    });
  });
};
