import type { DataStatusEntry } from '../../contract/index.ts';
import { afterOf, pager } from '../forms.ts';
import { credits, html, jsonBlock, time, type Html } from '../html.ts';
import { sendPage, signedIn, type DashboardRoutes } from '../plugin.ts';

const PAGE_SIZE = 50;

function status(s: string): Html {
  return html`<span class="status ${s}">${s.replace('_', ' ')}</span>`;
}

function statusRows(kind: string, entries: Record<string, DataStatusEntry>): Html[] {
  return Object.entries(entries).map(
    ([name, e]) => html`<tr><td>${kind}</td><td>${name}</td><td>${status(e.status)}</td><td class="num">${e.cost}</td>
<td>${e.error ? html`${e.error.code}: ${e.error.message}${e.error.retryable ? ' (retryable)' : ''}` : ''}</td></tr>`,
  );
}

/** Requests: the account's retrievals newest first, and one request's progress, result and billing events. */
export const requestRoutes: DashboardRoutes = (d, { retrieval, billing, dashboardRepository: queries }) => {
  d.get('/dashboard/requests', { schema: { hide: true } }, async (req, reply) => {
    const { account } = signedIn(req);
    const after = afterOf(req.query);
    const { requests, nextCursor } = await queries.requests(account.id, { first: PAGE_SIZE, after });
    return sendPage(reply, req, 'requests', {
      title: 'Requests',
      refresh: requests.some((r) => r.items.some((i) => i.status === 'in_progress' || i.status === 'enriching')),
      body: requests.length
        ? html`<section aria-labelledby="list" id="progress"><h2 id="list">Newest first</h2>
<table><caption>Company data requests of this account and the status of each data point</caption>
<thead><tr><th scope="col">Request</th><th scope="col">Company</th><th scope="col">Mode</th><th scope="col">Created</th><th scope="col">Data points and documents</th><th scope="col" class="num">Cost</th></tr></thead>
<tbody>${requests.map(
            (r) => html`<tr><td><a href="/dashboard/requests/${r.id}">${r.id}</a></td>
<td>${r.companyLegalName ?? r.companyId} <span class="muted">(${r.countryCode} ${r.companyId})</span></td><td>${r.mode}</td><td>${time(r.createdAt)}</td>
<td>${r.items.map((i) => html`<span class="chip">${i.name} ${status(i.status)}</span> `)}</td>
<td class="num">${r.items.reduce((sum, i) => sum + Number(i.cost), 0)}</td></tr>`,
          )}</tbody></table>
${pager('Request pages', '/dashboard/requests', nextCursor, !after)}</section>`
        : after
          ? html`<p class="empty">No more requests. <a href="/dashboard/requests">Back to the newest</a>.</p>`
          : html`<p class="empty">No request yet. Retrieve a company in the <a href="/dashboard/playground">playground</a>, or call <code>POST /v2/company</code> with an API key.</p>`,
    });
  });

  d.get('/dashboard/requests/:id', { schema: { hide: true } }, async (req, reply) => {
    const { account } = signedIn(req);
    const { id } = req.params as { id: string };
    const response = await retrieval.get(account, id);
    const r = response.request;
    const events = await billing.events(account.id, { requestId: id, first: 100 });
    const open = [...Object.values(r.dataStatus.dataPoints), ...Object.values(r.dataStatus.documents)].some(
      (e) => e.status === 'in_progress' || e.status === 'enriching',
    );
    return sendPage(reply, req, 'requests', {
      title: `Request ${r.requestId}`,
      refresh: open,
      body: html`<p><a href="/dashboard/requests">← All requests</a></p>
<section aria-labelledby="progress-h" id="progress">
<h2 id="progress-h">${open ? 'In progress' : 'Finished'}</h2>
<dl class="facts"><dt>Company</dt><dd>${r.companyLegalName ?? '—'} (${r.countryCode} <code>${r.companyId}</code>)</dd>
<dt>Mode</dt><dd>${r.mode}</dd><dt>Created</dt><dd>${time(r.createdAt)}</dd><dt>Updated</dt><dd>${time(r.updatedAt)}</dd></dl>
<table><caption>Status per data point and document${open ? ' (this page refreshes itself while work is in progress)' : ''}</caption>
<thead><tr><th scope="col">Kind</th><th scope="col">Name</th><th scope="col">Status</th><th scope="col" class="num">Cost</th><th scope="col">Error</th></tr></thead>
<tbody>${statusRows('data point', r.dataStatus.dataPoints)}${statusRows('document', r.dataStatus.documents)}</tbody></table>
</section>
<section aria-labelledby="billing-h">
<h2 id="billing-h">Billing events</h2>
${
  events.events.length
    ? html`<table><caption>What this request was charged</caption>
<thead><tr><th scope="col">Unit</th><th scope="col">Kind</th><th scope="col">Status</th><th scope="col" class="num">Amount</th><th scope="col">When</th></tr></thead>
<tbody>${events.events.map(
        (e) =>
          html`<tr><td>${e.documentId ?? e.sku}</td><td>${e.kind}</td><td>${status(e.status)}</td><td class="num">${credits(e.amount)}</td><td>${time(e.createdAt)}</td></tr>`,
      )}</tbody></table>`
    : html`<p class="empty">No billing event${open ? ' yet: work is charged as it succeeds' : ': nothing was charged'}.</p>`
}
</section>
<section aria-labelledby="json-h">
<h2 id="json-h">Result (GET /v2/company/${r.requestId})</h2>
${jsonBlock(response)}
</section>`,
    });
  });
};
