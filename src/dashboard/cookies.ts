import type { FastifyReply, FastifyRequest } from 'fastify';

export const SESSION_COOKIE = 'registrum_session';
/** The pre-session CSRF token of the sign-in and set-up forms (double submit: cookie and hidden field). */
export const FORM_COOKIE = 'registrum_form';

export function readCookie(req: FastifyRequest, name: string): string | undefined {
  const header = req.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      const value = part.slice(eq + 1).trim();
      return /^[A-Za-z0-9_-]{1,100}$/.test(value) ? value : undefined;
    }
  }
  return undefined;
}

/**
 * httpOnly (no script reads it), SameSite=Lax (not sent on another site's POST), scoped to /dashboard, and Secure
 * when the dashboard is reached over https: the public base URL says so, or the proxy in front of us does.
 */
export function setCookie(
  reply: FastifyReply,
  req: FastifyRequest,
  name: string,
  value: string,
  opts: { maxAgeSeconds?: number; publicBaseUrl?: string },
): void {
  const secure = opts.publicBaseUrl?.startsWith('https:') || req.headers['x-forwarded-proto'] === 'https' || req.protocol === 'https';
  const parts = [`${name}=${value}`, 'Path=/dashboard', 'HttpOnly', 'SameSite=Lax'];
  if (opts.maxAgeSeconds !== undefined) parts.push(`Max-Age=${opts.maxAgeSeconds}`);
  if (secure) parts.push('Secure');
  const existing = reply.getHeader('set-cookie');
  const list = Array.isArray(existing) ? existing : existing ? [String(existing)] : [];
  reply.header('set-cookie', [...list, parts.join('; ')]);
}

export function clearCookie(reply: FastifyReply, req: FastifyRequest, name: string, publicBaseUrl?: string): void {
  setCookie(reply, req, name, '', { maxAgeSeconds: 0, publicBaseUrl });
}
