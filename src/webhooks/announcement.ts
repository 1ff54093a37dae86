import { createHash } from 'node:crypto';

/**
 * What a `company.updated` message announces, for comparing it with what was announced before: the payload without
 * what changes when nothing happened (document URLs are signed afresh at every build, `updatedAt` moves with
 * internal bookkeeping). Two payloads with the same fingerprint carry the same news.
 */
export function announcementFingerprint(payload: object): string {
  return createHash('sha256').update(JSON.stringify(payload, stripVolatile)).digest('base64url');
}

const VOLATILE = new Set(['url', 'pdfUrl', 'updatedAt']);

function stripVolatile(key: string, value: unknown): unknown {
  return VOLATILE.has(key) ? undefined : value;
}

/** The request state a payload reflects (its `request.updatedAt`), when it has one. */
export function stateVersionOf(payload: object): Date | undefined {
  const updatedAt = (payload as { request?: { updatedAt?: unknown } }).request?.updatedAt;
  const ms = typeof updatedAt === 'string' ? Date.parse(updatedAt) : Number.NaN;
  return Number.isNaN(ms) ? undefined : new Date(ms);
}
