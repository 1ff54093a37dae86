import { ENTITY_LABELS, PATHS, ORDER_REFERENCE_LABEL, PREVIOUS_NAMES_HEADING, PREVIOUS_NAME_PREFIX, SEARCH_COLUMNS } from '../labels.ts';
import { formatRegistryDate } from '../mapping/dates.ts';
import type { RegistryEntity } from './directory.ts';
import type { SearchHit } from './search.ts';

const ENTITY_PATH = PATHS.entity;
const SEARCH_PATH = PATHS.search;

const esc = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');

function layout(title: string, main: string): string {
  return `<!DOCTYPE html>
<html lang="en-GB">
<head><meta charset="utf-8"><title>${esc(title)} | Jersey Financial Services Commission</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body>
<header class="site-header"><a href="/">Jersey Financial Services Commission</a>
<nav><a href="${SEARCH_PATH}">Search the registry</a></nav></header>
<main id="main-content">
${main}
</main>
<footer class="site-footer"><p>&copy; Jersey Financial Services Commission</p></footer>
</body>
</html>
`;
}

/** An entity's public page: its name and the label/value pairs of registers/je.md §1, then its former names. */
export function entityPage(e: RegistryEntity): string {
  const r = e.record.entity;
  const pair = (label: string, value: string) => `  <div class="entity-detail"><dt>${esc(label)}</dt><dd>${esc(value)}</dd></div>`;
  const previous = r.previousNames.length
    ? `<section class="previous-names"><h2>${PREVIOUS_NAMES_HEADING}</h2>
<table><thead><tr><th>Name</th><th>From</th><th>To</th></tr></thead><tbody>
${r.previousNames.map((p) => `<tr><td>${esc(p.name)}</td><td>${p.from ? formatRegistryDate(p.from) : ''}</td><td>${p.to ? formatRegistryDate(p.to) : ''}</td></tr>`).join('\n')}
</tbody></table></section>`
    : '';
  return layout(
    r.name,
    `<h1 class="entity-name">${esc(r.name)}</h1>
<dl class="entity-details">
${pair(ENTITY_LABELS.number, e.number)}
${pair(ENTITY_LABELS.type, r.type)}
${pair(ENTITY_LABELS.status, r.status)}
${pair(ENTITY_LABELS.registeredOn, formatRegistryDate(r.registeredOn))}
</dl>
${previous}
<p class="order"><a href="${ENTITY_PATH}${e.number}/report-orders">Order an entity profile report</a></p>`,
  );
}

/** One page of name search results: a table whose first cell links to the entity page. */
export function searchPage(query: string, page: number, total: number, hits: SearchHit[], pageSize: number): string {
  const c = SEARCH_COLUMNS;
  const rows = hits.map(({ entity, previousName }) => {
    const r = entity.record.entity;
    const prev = previousName ? `<br><span class="previous-name">${PREVIOUS_NAME_PREFIX} ${esc(previousName)}</span>` : '';
    return `<tr class="search-result"><td><a href="${ENTITY_PATH}${entity.number}">${esc(r.name)}</a>${prev}</td><td>${entity.number}</td><td>${esc(r.type)}</td><td>${esc(r.status)}</td><td>${formatRegistryDate(r.registeredOn)}</td></tr>`;
  });
  const first = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const next =
    page * pageSize < total
      ? `<a class="next" href="${SEARCH_PATH}?search=${encodeURIComponent(query)}&amp;page=${page + 1}">Next</a>`
      : '';
  return layout(
    `Search results for ${query}`,
    `<h1>Search the registry</h1>
<form method="get" action="${SEARCH_PATH}"><input type="search" name="search" value="${esc(query)}"><button>Search</button></form>
<p class="results-count">Showing ${first} to ${first + hits.length - (total === 0 ? 0 : 1)} of ${total} results</p>
<table class="search-results"><thead><tr><th>${c.name}</th><th>${c.number}</th><th>${c.type}</th><th>${c.status}</th><th>${c.registeredOn}</th></tr></thead>
<tbody>
${rows.join('\n')}
</tbody></table>
${next}`,
  );
}

/** The bot check shown instead of a page to a visitor without a session (registers/je.md: a captcha in front of browsers). */
export function captchaPage(challengeId: string, question: string, returnTo: string): string {
  return layout(
    'Verify you are human',
    `<h1>Please verify you are human</h1>
<form id="captcha-form" method="post" action="${PATHS.captcha}">
<input type="hidden" name="challengeId" value="${esc(challengeId)}">
<input type="hidden" name="returnTo" value="${esc(returnTo)}">
<label for="answer" class="captcha-question">${esc(question)}</label>
<input id="answer" name="answer" inputmode="numeric"><button>Continue</button>
</form>`,
  );
}

export function orderPage(reference: string, email: string, name: string): string {
  return layout(
    'Order received',
    `<h1>Thank you for your order</h1>
<dl class="order-details"><dt>${ORDER_REFERENCE_LABEL}</dt><dd id="order-reference">${esc(reference)}</dd>
<dt>Entity:</dt><dd>${esc(name)}</dd><dt>Delivery:</dt><dd>${esc(email)}</dd></dl>
<p>Your entity profile report is being prepared. It is usually e-mailed within a minute, occasionally up to 30 minutes.</p>`,
  );
}

export function messagePage(title: string, message: string): string {
  return layout(title, `<h1>${esc(title)}</h1>\n<p class="message">${esc(message)}</p>`);
}
