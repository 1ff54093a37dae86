import type { z } from 'zod';
import { ApiError } from '../shared/errors.ts';
import { html, type Html } from './html.ts';

export function csrfField(token: string): Html {
  return html`<input type="hidden" name="_csrf" value="${token}">`;
}

/** A form body parsed by its zod schema; the problems become a 400 that the page shows next to the form. */
export function parseForm<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (parsed.success) return parsed.data;
  throw new ApiError('invalid_request', parsed.error.issues.map((i) => `${i.path.join('.') || 'form'}: ${i.message}`).join('; '));
}

/** A one-button form for an action on a resource (revoke, delete, stop, retry). */
export function actionButton(
  action: string,
  label: string,
  csrf: string,
  opts: { confirm?: string; danger?: boolean; fields?: Record<string, string> } = {},
): Html {
  return html`<form method="post" action="${action}" class="inline"${opts.confirm ? html` data-confirm="${opts.confirm}"` : ''}>
${csrfField(csrf)}${Object.entries(opts.fields ?? {}).map(([k, v]) => html`<input type="hidden" name="${k}" value="${v}">`)}
<button type="submit"${opts.danger ? html` class="danger"` : ''}>${label}</button></form>`;
}

/** A "next page" link for a cursor-paged table. */
export function pager(
  label: string,
  base: string,
  nextCursor: string | undefined,
  isFirst: boolean,
  params: Record<string, string> = {},
): Html {
  const q = (extra: Record<string, string>) => {
    const s = new URLSearchParams({ ...params, ...extra }).toString();
    return s ? `${base}?${s}` : base;
  };
  if (!nextCursor && isFirst) return html``;
  return html`<nav class="pager" aria-label="${label}">
${isFirst ? '' : html`<a href="${q({})}">First page</a>`}
${nextCursor ? html`<a href="${q({ after: nextCursor })}" rel="next">Next page</a>` : ''}
</nav>`;
}

/** A page's `after` cursor from its query string; an absurd one is a 400 before it reaches a query. */
export function afterOf(query: unknown): string | undefined {
  const after = (query as Record<string, unknown> | undefined)?.after;
  if (after === undefined || after === '') return undefined;
  if (typeof after !== 'string' || after.length > 200) throw new ApiError('invalid_request', 'after is not a cursor of this list');
  return after;
}
