/**
 * HTML built from tagged templates: every interpolated value is escaped unless it is already `Html` (a fragment
 * built the same way), so a company name, a webhook URL or a register's error message can never become markup.
 */
export class Html {
  constructor(readonly text: string) {}
  toString(): string {
    return this.text;
  }
}

type Part = Html | string | number | boolean | null | undefined | readonly Part[];

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ESCAPES[c]!);
}

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.text;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(String(part));
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  let out = strings[0]!;
  values.forEach((v, i) => {
    out += render(v) + strings[i + 1]!;
  });
  return new Html(out);
}

/** A value as JSON inside a `<pre>`: escaped like any text. */
export function jsonBlock(value: unknown): Html {
  return html`<pre class="json" tabindex="0">${JSON.stringify(value, null, 2)}</pre>`;
}

/** A time as text for people: UTC, to the second. */
export function formatTime(value: string | Date): string {
  const iso = typeof value === 'string' ? value : value.toISOString();
  return `${iso.slice(0, 19).replace('T', ' ')} UTC`;
}

/** A time in a `<time>` that carries the exact value. */
export function time(value: string | Date | null | undefined): Html {
  if (!value) return html`<span class="muted">never</span>`;
  const iso = typeof value === 'string' ? value : value.toISOString();
  return html`<time datetime="${iso}">${formatTime(iso)}</time>`;
}

/** Credit cents as an amount with the unit spelled out. */
export function credits(cents: number): string {
  return `${cents.toLocaleString('en-GB')} credit cents`;
}
