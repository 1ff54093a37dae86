import { z } from 'zod';
import { MonitorCreateBody } from '../../contract/index.ts';
import { ApiError } from '../../shared/errors.ts';
import { actionButton, afterOf, csrfField, pager, parseForm } from '../forms.ts';
import { html, jsonBlock, time, type Html } from '../html.ts';
import type { PageContent } from '../layout.ts';
import { sendPage, signedIn, type DashboardRoutes } from '../plugin.ts';

const CreateForm = z.object({ companyId: z.string(), countryCode: z.string() });
const DONE: Record<string, string> = {
  created: 'The monitor watches the company from now on; checks run daily.',
  stopped: 'The monitor has been stopped. Its check log stays readable.',
};
const PAGE_SIZE = 50;
/** The check log's "Read from" column: where a check learnt what it logged (MonitorLog `readFrom`). */
const READ_FROM = { register: 'register', changeFeed: 'change feed (no call)', unknown: '' } as const;

function status(s: string): Html {
  return html`<span class="status ${s}">${s}</span>`;
}

/** Monitors: list, create, stop, the check log and the last notification. The same service as `/v2/monitors`. */
export const monitorRoutes: DashboardRoutes = (d, { monitors, registers, dashboardRepository }) => {
  const countries = () => registers.all().map((r) => r.countryCode);

  async function listPage(req: Parameters<typeof signedIn>[0], extra: Partial<PageContent> = {}): Promise<PageContent> {
    const { session, account } = signedIn(req);
    const after = afterOf(req.query);
    const list = await monitors.list(account, { first: PAGE_SIZE, after });
    return {
      title: 'Monitors',
      ...extra,
      body: html`<section aria-labelledby="add"><h2 id="add">Watch a company</h2>
<form method="post" action="/dashboard/monitors" class="row">${csrfField(session.csrfToken)}
<div class="field"><label for="countryCode">Register</label><select id="countryCode" name="countryCode">${countries().map((c) => html`<option>${c}</option>`)}</select></div>
<div class="field"><label for="companyId">Company id</label><input id="companyId" name="companyId" required maxlength="200" placeholder="ACME-HOLDING"></div>
<button type="submit">Create monitor</button>
</form>
<p class="muted">Changes are sent as <code>monitor.notification</code> to your <a href="/dashboard/webhooks">webhook endpoints</a>. Monitoring is not billed.</p></section>
<section aria-labelledby="list"><h2 id="list">Your monitors (${list.total})</h2>
${
  list.monitors.length
    ? html`<table><caption>Newest first</caption>
<thead><tr><th scope="col">Company</th><th scope="col">Status</th><th scope="col">Created</th><th scope="col">Last checked</th><th scope="col">Next check</th></tr></thead>
<tbody>${list.monitors.map(
        (m) => html`<tr><td><a href="/dashboard/monitors/${m.id}">${m.countryCode} ${m.companyId}</a></td><td>${status(m.status)}</td>
<td>${time(m.createdAt)}</td><td>${time(m.lastCheckedAt)}</td><td>${m.nextCheckAt ? time(m.nextCheckAt) : '—'}</td></tr>`,
      )}</tbody></table>${pager('Monitor pages', '/dashboard/monitors', list.nextCursor, !after)}`
    : html`<p class="empty">No monitor yet. Enter a company id above (from a search in the <a href="/dashboard/playground">playground</a>) to hear about its changes.</p>`
}</section>`,
    };
  }

  d.get('/dashboard/monitors', { schema: { hide: true } }, async (req, reply) => {
    const done = DONE[(req.query as Record<string, string>).done ?? ''];
    return sendPage(reply, req, 'monitors', await listPage(req, done ? { notice: { kind: 'ok', text: done } } : {}));
  });

  d.post('/dashboard/monitors', { schema: { hide: true } }, async (req, reply) => {
    const { account } = signedIn(req);
    try {
      const form = parseForm(CreateForm, req.body);
      const { monitor } = await monitors.create(account, parseForm(MonitorCreateBody, form));
      return reply.redirect(`/dashboard/monitors/${monitor.id}?done=created`, 303);
    } catch (err) {
      if (err instanceof ApiError && err.statusCode < 500) {
        const text = [err.message, ...(err.details ?? [])].join(': ');
        return sendPage(reply, req, 'monitors', await listPage(req, { notice: { kind: 'error', text } }), err.statusCode);
      }
      throw err;
    }
  });

  d.get('/dashboard/monitors/:id', { schema: { hide: true } }, async (req, reply) => {
    const { session, account } = signedIn(req);
    const { id } = req.params as { id: string };
    const monitor = await monitors.get(account, id);
    const { logs } = await monitors.logs(account, id);
    const notification = await dashboardRepository.lastNotification(account.id, id);
    const lastChange = logs.find((l) => l.changeDetected);
    const done = DONE[(req.query as Record<string, string>).done ?? ''];
    return sendPage(reply, req, 'monitors', {
      title: `Monitor of ${monitor.countryCode} ${monitor.companyId}`,
      ...(done ? { notice: { kind: 'ok' as const, text: done } } : {}),
      body: html`<p><a href="/dashboard/monitors">← All monitors</a></p>
<section aria-labelledby="facts"><h2 id="facts">Monitor</h2>
<dl class="facts"><dt>Id</dt><dd><code>${monitor.id}</code></dd><dt>Status</dt><dd>${status(monitor.status)}</dd>
<dt>Created</dt><dd>${time(monitor.createdAt)}</dd><dt>Last checked</dt><dd>${time(monitor.lastCheckedAt)}</dd>
${monitor.nextCheckAt ? html`<dt>Next check</dt><dd>${time(monitor.nextCheckAt)}</dd>` : ''}
${monitor.deactivatedAt ? html`<dt>Stopped</dt><dd>${time(monitor.deactivatedAt)}</dd>` : ''}</dl>
${
  monitor.status === 'active'
    ? actionButton(`/dashboard/monitors/${id}/stop`, 'Stop monitor', session.csrfToken, {
        danger: true,
        confirm: 'Stop this monitor for good? Its log stays readable.',
      })
    : ''
}</section>
<section aria-labelledby="notif"><h2 id="notif">Last notification</h2>
${
  notification
    ? html`<p>Sent ${time(notification.createdAt)}.</p>${jsonBlock(JSON.parse(notification.body))}`
    : lastChange
      ? html`<p>Change detected ${time(lastChange.createdAt)}: ${lastChange.changeCategories.join(', ')} (no webhook endpoint was there to receive it).</p>`
      : html`<p class="empty">No change detected yet.</p>`
}</section>
<section aria-labelledby="log"><h2 id="log">Check log</h2>
${
  logs.length
    ? html`<table><caption>One line per check, newest first (the latest 200)</caption>
<thead><tr><th scope="col">When</th><th scope="col">Fetch</th><th scope="col">Read from</th><th scope="col">Change</th><th scope="col">Categories</th><th scope="col">Error</th></tr></thead>
<tbody>${logs.map(
        (l) => html`<tr><td>${time(l.createdAt)}</td><td>${status(l.fetchStatus)}</td><td>${READ_FROM[l.readFrom ?? 'unknown']}</td>
<td>${l.changeDetected ? 'yes' : 'no'}</td><td>${l.changeCategories.join(', ')}</td><td>${l.errorMessage ?? ''}</td></tr>`,
      )}</tbody></table>`
    : html`<p class="empty">No check yet: the first is due ${monitor.nextCheckAt ? time(monitor.nextCheckAt) : 'soon'}.</p>`
}</section>`,
    });
  });

  d.post('/dashboard/monitors/:id/stop', { schema: { hide: true } }, async (req, reply) => {
    const { id } = req.params as { id: string };
    await monitors.stop(signedIn(req).account, id);
    return reply.redirect(`/dashboard/monitors/${id}?done=stopped`, 303);
  });
};
