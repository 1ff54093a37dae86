/**
 * A cookie-keeping HTTP client for the dashboard's server-rendered pages: what a browser does with forms, without
 * one (the browser tests in test/browser drive a real Chromium). Redirects are not followed, so tests see them.
 */
export class FormClient {
  readonly cookies = new Map<string, string>();
  /** The raw Set-Cookie headers of the last answer. */
  lastSetCookie: string[] = [];

  constructor(readonly baseUrl: string) {}

  async get(path: string, headers: Record<string, string> = {}) {
    return this.send('GET', path, undefined, headers);
  }

  /** POSTs a form (urlencoded), as a browser submits one. */
  async post(path: string, form: Record<string, string>, headers: Record<string, string> = {}) {
    return this.send('POST', path, new URLSearchParams(form).toString(), {
      'content-type': 'application/x-www-form-urlencoded',
      ...headers,
    });
  }

  private async send(method: string, path: string, body: string | undefined, headers: Record<string, string>) {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(this.baseUrl + path, {
      method,
      body,
      redirect: 'manual',
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
    this.lastSetCookie = res.headers.getSetCookie();
    for (const c of this.lastSetCookie) {
      const [pair, ...attrs] = c.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (value === '' || attrs.some((a) => /max-age=0/i.test(a.trim()))) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await res.text();
    return { status: res.status, text, location: res.headers.get('location') ?? undefined, headers: res.headers };
  }
}

/** The value of a hidden field in a page (the CSRF tokens). */
export function hiddenField(page: string, name: string): string {
  const m = new RegExp(`name="${name}" value="([^"]*)"`).exec(page);
  if (!m) throw new Error(`no field ${name} in the page`);
  return m[1]!;
}

/** Creates an account with an owner through the operator API, sets the owner's password, and returns a signed-in client. */
export async function signedInOwner(
  svc: { url: string; call(method: string, path: string, opts?: object): Promise<{ status: number; body: any }> },
  opts: { email: string; password?: string; credits?: number; name?: string },
) {
  const created = await svc.call('POST', '/admin/accounts', {
    admin: true,
    body: { name: opts.name ?? 'Dashboard account', credits: opts.credits ?? 1_000_000, owner: { email: opts.email } },
  });
  if (created.status !== 201) throw new Error(`account creation failed: ${created.status} ${JSON.stringify(created.body)}`);
  const client = new FormClient(svc.url);
  const setupPath = new URL(created.body.setupUrl).pathname;
  const form = await client.get(setupPath);
  const password = opts.password ?? 'correct horse battery staple';
  const done = await client.post(setupPath, { _form: hiddenField(form.text, '_form'), password, confirm: password });
  if (done.status !== 303) throw new Error(`set-up failed: ${done.status} ${done.text}`);
  return { client, accountId: created.body.id as string, apiKey: created.body.apiKey as string, password };
}
