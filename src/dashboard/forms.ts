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
