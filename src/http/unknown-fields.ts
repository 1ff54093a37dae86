import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../shared/errors.ts';

/** The response header that lists the request's fields and parameters that were ignored. */
export const IGNORED_FIELDS_HEADER = 'x-ignored-fields';

/**
 * The incumbent ignores body fields and query parameters it does not know; a client generated from its document (or
 * a newer one) may send some. So do we, and say which in `x-ignored-fields` (e.g. `body.caseRef, query.debug`). A
 * near miss of a known name (a typo: `dataPoint`, `graphMaxBuget`, `CountryCode`) is still a 400 that names the
 * field meant: silently dropping it would run a different request than the one intended.
 */
export function installUnknownFields(app: FastifyInstance): void {
  app.addHook('preValidation', async (req: FastifyRequest, reply: FastifyReply) => {
    const schema = req.routeOptions.schema as { body?: unknown; querystring?: unknown; hide?: boolean } | undefined;
    // Only the documented API is the incumbent's: hidden routes (the dashboard's pages, health, the document itself)
    // read their own query parameters (`?done=`, `?cursor=`, `?country=`) without declaring a schema for them.
    if (!schema || schema.hide) return;
    const ignored: string[] = [];
    const typos: string[] = [];
    const sift = (where: 'body' | 'query', value: unknown, known: readonly string[] | undefined) => {
      if (!value || typeof value !== 'object' || Array.isArray(value) || !known) return;
      for (const key of Object.keys(value)) {
        if (known.includes(key)) continue;
        const meant = known.find((k) => nearMiss(key, k));
        if (meant) typos.push(`${where}.${key}: unknown; did you mean ${meant}?`);
        else {
          delete (value as Record<string, unknown>)[key];
          ignored.push(`${where}.${key}`);
        }
      }
    };
    if (schema.body) sift('body', req.body, keysOf(schema.body));
    sift('query', req.query, schema.querystring ? keysOf(schema.querystring) : []);
    if (typos.length) throw new ApiError('invalid_request', 'unknown fields that look like known ones', typos);
    if (ignored.length) {
      reply.header(IGNORED_FIELDS_HEADER, ignoredFieldsHeader(ignored));
      ignoredOf.set(req, ignored);
    }
  });
}

const ignoredOf = new WeakMap<FastifyRequest, readonly string[]>();

/**
 * The fields and parameters of the request that were ignored (`body.companyId`): a request refused for a missing
 * field names them beside it, since an ignored one is often the missing one under another name.
 */
export function ignoredFieldsOf(req: FastifyRequest): readonly string[] {
  return ignoredOf.get(req) ?? [];
}

/** Names listed at most in the header: a body of thousands of unknown keys must not make a header no client can read. */
const MAX_IGNORED_LISTED = 20;

/** The header's value: printable (names cut, non-printable characters replaced), the first names and how many more. */
function ignoredFieldsHeader(ignored: readonly string[]): string {
  const listed = ignored.slice(0, MAX_IGNORED_LISTED).map((f) => f.slice(0, 100).replace(/[^\x20-\x7e]/g, '?'));
  const more = ignored.length - listed.length;
  return more > 0 ? `${listed.join(', ')}, ... (+${more} more)` : listed.join(', ');
}

/** The field names of a zod object schema; undefined for anything else (a union, an array), which is left alone. */
function keysOf(schema: unknown): readonly string[] | undefined {
  const shape = (schema as { shape?: Record<string, unknown> }).shape;
  return shape && typeof shape === 'object' ? Object.keys(shape) : undefined;
}

/** Case-insensitively the same, or one or two edits (insert, delete, replace, swap) from it: two for long names. */
export function nearMiss(given: string, known: string): boolean {
  const a = given.toLowerCase();
  const b = known.toLowerCase();
  if (a === b) return true;
  const allowed = b.length >= 8 ? 2 : b.length >= 4 ? 1 : 0;
  if (allowed === 0 || Math.abs(a.length - b.length) > allowed) return false;
  return editDistance(a, b) <= allowed;
}

/** Optimal string alignment distance (Levenshtein with adjacent transpositions). */
function editDistance(a: string, b: string): number {
  const d: number[][] = Array.from({ length: a.length + 1 }, (_, i) => [i, ...Array<number>(b.length).fill(0)]);
  for (let j = 1; j <= b.length; j++) d[0]![j] = j;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let v = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, d[i - 2]![j - 2]! + 1);
      d[i]![j] = v;
    }
  }
  return d[a.length]![b.length]!;
}
