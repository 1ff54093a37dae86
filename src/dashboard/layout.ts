import type { SignedIn } from '../users/service.ts';
import { html, type Html } from './html.ts';

export type Section = 'overview' | 'api-keys' | 'webhooks' | 'requests' | 'monitors' | 'billing' | 'playground' | 'account';

const NAV: { section: Section; href: string; label: string }[] = [
  { section: 'overview', href: '/dashboard', label: 'Overview' },
  { section: 'api-keys', href: '/dashboard/api-keys', label: 'API keys' },
  { section: 'webhooks', href: '/dashboard/webhooks', label: 'Webhooks' },
  { section: 'requests', href: '/dashboard/requests', label: 'Requests' },
  { section: 'monitors', href: '/dashboard/monitors', label: 'Monitors' },
  { section: 'billing', href: '/dashboard/billing', label: 'Billing' },
  { section: 'playground', href: '/dashboard/playground', label: 'Playground' },
  { section: 'account', href: '/dashboard/account', label: 'Account' },
];

export interface PageContent {
  title: string;
  body: Html;
  /** A short confirmation or problem shown above the content. */
  notice?: { kind: 'ok' | 'error'; text: string };
  /** Reload the page every few seconds (work in progress). */
  refresh?: boolean;
  /**
   * The page's own address after a form's answer (the script puts it in the history), so that reloading a page that
   * shows a secret once reads the page again instead of sending the form again (a second key, a second rotation).
   */
  replaceUrl?: string;
}

function head(title: string, refresh?: boolean, replaceUrl?: string): Html {
  return html`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${title} · registrum</title>
<link rel="stylesheet" href="/dashboard/assets/dashboard.css">
<script src="/dashboard/assets/dashboard.js" defer></script>
</head>
<body${refresh ? html` data-refresh="3"` : ''}${replaceUrl ? html` data-replace-url="${replaceUrl}"` : ''}>`;
}

function noticeBox(notice: PageContent['notice']): Html {
  if (!notice) return html``;
  return notice.kind === 'ok'
    ? html`<p class="notice ok" role="status">${notice.text}</p>`
    : html`<div class="notice error" role="alert"><p>${notice.text}</p></div>`;
}

/** A signed-in page: skip link, account bar, navigation, the page. */
export function layout(page: PageContent, session: SignedIn, accountName: string, active: Section): string {
  return html`${head(page.title, page.refresh, page.replaceUrl)}
<a class="skip" href="#main">Skip to content</a>
<header class="bar">
  <a class="brand" href="/dashboard">registrum</a>
  <span class="who">${accountName} · ${session.email} (${session.role})</span>
  <form method="post" action="/dashboard/sign-out" class="inline">
    <input type="hidden" name="_csrf" value="${session.csrfToken}">
    <button type="submit" class="link">Sign out</button>
  </form>
</header>
<div class="frame">
<nav aria-label="Dashboard">
  <ul>${NAV.map((n) => html`<li><a href="${n.href}"${n.section === active ? html` aria-current="page"` : ''}>${n.label}</a></li>`)}</ul>
</nav>
<main id="main">
<h1>${page.title}</h1>
${noticeBox(page.notice)}
${page.body}
</main>
</div>
</body>
</html>`.text;
}

/** A page without a session (sign-in, set-up). */
export function plainLayout(page: PageContent): string {
  return html`${head(page.title)}
<main id="main" class="narrow">
<p class="brand">registrum</p>
<h1>${page.title}</h1>
${noticeBox(page.notice)}
${page.body}
</main>
</body>
</html>`.text;
}
