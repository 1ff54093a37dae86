import { PricingQuery } from '../../contract/index.ts';
import { pricingOf } from '../../registers/pricing.ts';
import { afterOf, pager, parseForm } from '../forms.ts';
import type { WorkspaceUsage } from '../../workspaces/types.ts';
import { credits, html, time, type Html } from '../html.ts';
import { sendPage, signedIn, type DashboardRoutes } from '../plugin.ts';

const PAGE_SIZE = 50;
const USAGE_DAYS = 30;

/** Billing: balance, usage per day and per workspace, the events (paged), and the price catalogue of a register. */
export const billingRoutes: DashboardRoutes = (d, { billingNotifications, billing, registers, clock, dashboardRepository, workspaces }) => {
  d.get('/dashboard/billing', { schema: { hide: true } }, async (req, reply) => {
    const { account } = signedIn(req);
    const query = req.query as Record<string, string | undefined>;
    const after = afterOf(query);
    const countries = registers.all().map((r) => r.countryCode);
    const country = parseForm(PricingQuery, { countryCode: query.country || countries[0] }).countryCode;
    const now = clock.now();
    const since = new Date(now.getTime() - USAGE_DAYS * 86_400_000);
    // The month so far: the period GET /v2/workspaces/usage reports by default, so both show the same figures.
    const monthStart = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const [view, usage, perWorkspace, events] = await Promise.all([
      billingNotifications.balanceView(account.id),
      dashboardRepository.usagePerDay(account.id, since),
      workspaces.usage(account.id, monthStart, now),
      billing.events(account.id, { first: PAGE_SIZE, after }),
    ]);
    const pricing = pricingOf(registers.forSearch(country).catalogue);
    const peak = Math.max(1, ...usage.map((u) => u.charged));
    const { balanceInCreditCents: balance, status: state } = view;
    return sendPage(reply, req, 'billing', {
      title: 'Billing',
      body: html`<section aria-labelledby="bal"><h2 id="bal">Balance</h2>
<p class="figure" data-testid="balance">${credits(balance)}</p>
<p>Status: <strong class="status ${state}">${state}</strong>. Work in flight is held against it until it settles; failed work is never charged.</p></section>
<section aria-labelledby="usage"><h2 id="usage">Usage per day (last ${USAGE_DAYS} days, UTC)</h2>
${
  usage.length
    ? html`<table><caption>Charged credit cents per day for ${account.name}, all workspaces together</caption>
<thead><tr><th scope="col">Day</th><th scope="col" class="num">Billing events</th><th scope="col" class="num">Charged</th><th scope="col">Compared with the busiest day</th></tr></thead>
<tbody>${usage.map(
        (u) => html`<tr><td>${u.day}</td><td class="num">${u.events}</td><td class="num">${credits(u.charged)}</td>
<td><meter min="0" max="${peak}" value="${u.charged}" aria-label="${u.day}: share of the busiest day"></meter></td></tr>`,
      )}</tbody></table>`
    : html`<p class="empty">Nothing used in the last ${USAGE_DAYS} days. Retrieve a company in the <a href="/dashboard/playground">playground</a> to see charges here.</p>`
}</section>
${workspaceSection(perWorkspace, monthStart)}
<section aria-labelledby="events"><h2 id="events">Billing events</h2>
${
  events.events.length
    ? html`<table><caption>Every billable unit delivered, newest first</caption>
<thead><tr><th scope="col">When</th><th scope="col">Request</th><th scope="col">Company</th><th scope="col">Unit</th><th scope="col">Status</th><th scope="col" class="num">Amount</th></tr></thead>
<tbody>${events.events.map(
        (e) => html`<tr><td>${time(e.createdAt)}</td><td><a href="/dashboard/requests/${e.requestId}">${e.requestId}</a></td>
<td>${e.countryCode} ${e.companyId}</td><td>${e.documentId ?? e.sku}</td><td><span class="status ${e.status}">${e.status}</span></td><td class="num">${e.amount}</td></tr>`,
      )}</tbody></table>${pager('Billing event pages', '/dashboard/billing', events.nextCursor, !after, { country })}`
    : html`<p class="empty">No billing event yet.</p>`
}</section>
<section aria-labelledby="prices"><h2 id="prices">Prices</h2>
<form method="get" action="/dashboard/billing" class="row">
<div class="field"><label for="country">Register</label><select id="country" name="country">${countries.map(
        (c) => html`<option${c === country ? html` selected` : ''}>${c}</option>`,
      )}</select></div><button type="submit">Show prices</button></form>
<table><caption>${pricing.countryCode}: price per block in credit cents (— not offered in that mode)</caption>
<thead><tr><th scope="col">Block</th><th scope="col">Data points</th><th scope="col" class="num">Onboarding</th><th scope="col" class="num">Verification</th><th scope="col">Included documents</th></tr></thead>
<tbody>${pricing.blocks.map(
        (b) => html`<tr><td>${b.sku}</td><td>${b.datapoints.join(', ')}</td><td class="num">${b.modes.onboarding ?? '—'}</td>
<td class="num">${b.modes.verification ?? '—'}</td><td>${b.includedDocuments.join(', ')}</td></tr>`,
      )}</tbody></table>
${
  pricing.documents.length
    ? html`<table><caption>${pricing.countryCode}: documents</caption><thead><tr><th scope="col">Type</th><th scope="col">Category</th><th scope="col" class="num">Price</th><th scope="col">Pricing</th></tr></thead>
<tbody>${pricing.documents.map((doc) => html`<tr><td>${doc.type}</td><td>${doc.category}</td><td class="num">${doc.price}</td><td>${doc.pricingMode}</td></tr>`)}</tbody></table>`
    : ''
}
<p>Monitoring: ${pricing.monitoring.available ? `available, ${pricing.monitoring.price} credit cents` : 'not available'}.</p></section>`,
    });
  });
};

/** Usage per workspace this month (the workspace service's report); requests made without one are a row of their own. */
function workspaceSection(rows: WorkspaceUsage[], from: Date): Html {
  const month = from.toISOString().slice(0, 7);
  return html`<section aria-labelledby="per-workspace"><h2 id="per-workspace">Usage per workspace (${month}, UTC)</h2>
${
  rows.length
    ? html`<table><caption>Requests created this month and what they were billed, per workspace (also GET /v2/workspaces/usage)</caption>
<thead><tr><th scope="col">Workspace</th><th scope="col" class="num">Requests</th><th scope="col" class="num">Charged events</th><th scope="col" class="num">Deduplicated</th><th scope="col" class="num">Included</th><th scope="col" class="num">Charged</th></tr></thead>
<tbody>${rows.map(
        (
          r,
        ) => html`<tr><td>${r.workspace ? html`${r.workspace.name} <span class="muted">${r.workspace.legalName}</span>` : html`<span class="muted">No workspace</span>`}</td>
<td class="num">${r.requests}</td><td class="num">${r.charged}</td><td class="num">${r.deduplicated}</td><td class="num">${r.included}</td><td class="num">${credits(r.chargedInCreditCents)}</td></tr>`,
      )}</tbody></table>`
    : html`<p class="empty">No request this month. Create a workspace with POST /v2/workspaces and name it in a request's <code>x-topograph-workspace</code> header to see its usage here.</p>`
}</section>`;
}
