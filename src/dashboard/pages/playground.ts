import { z } from 'zod';
import { CompanyRequestInput, DATA_POINTS, SearchQuery, type SearchResult } from '../../contract/index.ts';
import { ApiError } from '../../shared/errors.ts';
import { toApiError } from '../../http/error-handler.ts';
import { csrfField, parseForm } from '../forms.ts';
import { html, type Html } from '../html.ts';
import { sendPage, signedIn, type DashboardRoutes } from '../plugin.ts';

const RetrieveForm = z.object({
  countryCode: z.string(),
  id: z.string(),
  mode: z.enum(['onboarding', 'verification']),
  dataPoints: z.union([z.string(), z.array(z.string())]).optional(),
});

/** Search and retrieve by hand: the same search and request engine as the API, billed the same way. */
export const playgroundRoutes: DashboardRoutes = (d, { search, retrieval, registers }) => {
  function retrieveForm(csrf: string, countryCode: string, id: string, label: string, n: number): Html {
    return html`<form method="post" action="/dashboard/playground/retrieve" class="row">${csrfField(csrf)}
<input type="hidden" name="countryCode" value="${countryCode}"><input type="hidden" name="id" value="${id}">
<fieldset><legend>Data points for ${label}</legend>${DATA_POINTS.filter((dp) => dp !== 'graph').map(
      (dp) =>
        html`<label class="check"><input type="checkbox" name="dataPoints" value="${dp}"${dp === 'company' ? html` checked` : ''}> ${dp}</label> `,
    )}</fieldset>
<div class="field"><label for="mode-${n}">Mode</label><select id="mode-${n}" name="mode"><option value="verification">verification (thorough, runs as a job)</option><option value="onboarding">onboarding (fast, within a deadline)</option></select></div>
<button type="submit">Retrieve</button></form>`;
  }

  d.get('/dashboard/playground', { schema: { hide: true } }, async (req, reply) => {
    const { session } = signedIn(req);
    const q = req.query as Record<string, string | undefined>;
    const countries = registers.all().map((r) => r.countryCode);
    const country = q.country || countries[0] || '';
    let results: SearchResult[] | undefined;
    let problem: string | undefined;
    if (q.query !== undefined) {
      try {
        const parsed = parseForm(SearchQuery, { country, query: q.query });
        results = await search.search(parsed.country, parsed.query);
      } catch (err) {
        const e = toApiError(err as Error);
        if (e.statusCode >= 500 && e.code === 'internal_error') throw err;
        problem = [e.message, ...(e.details ?? [])].join(': ');
      }
    }
    return sendPage(
      reply,
      req,
      'playground',
      {
        title: 'Playground',
        ...(problem ? { notice: { kind: 'error' as const, text: problem } } : {}),
        body: html`<section aria-labelledby="search-h"><h2 id="search-h">Search a register</h2>
<form method="get" action="/dashboard/playground" class="row" role="search">
<div class="field"><label for="country">Register</label><select id="country" name="country">${countries.map(
          (c) => html`<option${c === country ? html` selected` : ''}>${c}</option>`,
        )}</select></div>
<div class="field"><label for="query">Name or identifier</label><input id="query" name="query" required maxlength="200" value="${q.query ?? ''}" placeholder="acme"></div>
<button type="submit">Search</button></form>
<p class="muted">Searching is free. TEST is the deterministic sandbox register: any id yields a company.</p></section>
${
  results === undefined
    ? ''
    : html`<section aria-labelledby="results-h"><h2 id="results-h">${results.length} result(s)</h2>
${
  results.length
    ? html`<ol class="results">${results.slice(0, 20).map(
        (
          r,
          n,
        ) => html`<li><p><strong>${r.legalName}</strong> <code>${r.countryCode} ${r.id}</code> <span class="muted">${r.matchReason.matchType}</span></p>
${retrieveForm(session.csrfToken, r.countryCode, r.id, r.legalName, n)}</li>`,
      )}</ol>`
    : html`<p class="empty">Nothing found. Try another spelling, or an identifier.</p>`
}</section>`
}`,
      },
      problem ? 400 : 200,
    );
  });

  d.post('/dashboard/playground/retrieve', { schema: { hide: true } }, async (req, reply) => {
    const { account } = signedIn(req);
    try {
      const form = parseForm(RetrieveForm, req.body);
      const dataPoints = form.dataPoints === undefined ? [] : [form.dataPoints].flat();
      if (dataPoints.length === 0) throw new ApiError('invalid_request', 'choose at least one data point');
      const input = parseForm(CompanyRequestInput, { id: form.id, countryCode: form.countryCode, mode: form.mode, dataPoints });
      const response = await retrieval.create(account, await retrieval.complete(account, input));
      return reply.redirect(`/dashboard/requests/${response.request.requestId}`, 303);
    } catch (err) {
      const e = toApiError(err as Error);
      if (e.code === 'internal_error') throw err;
      return sendPage(
        reply,
        req,
        'playground',
        {
          title: 'Playground',
          notice: { kind: 'error', text: [e.message, ...(e.details ?? [])].join(': ') },
          body: html`<p><a href="/dashboard/playground">Back to the search</a></p>`,
        },
        e.statusCode,
      );
    }
  });
};
