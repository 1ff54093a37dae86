import fastJson from 'fast-json-stringify';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { canonicalJson } from '../shared/canonical-json.ts';

type RouteSchema = Parameters<typeof zodSerializerCompiler>[0];
type Serializer = (data: unknown) => string;

/**
 * Responses are written by a serialiser compiled from the route's response schema (fast-json-stringify, Fastify's
 * own, from the zod schema's JSON Schema): it writes the schema's fields and drops the others, as zod's encode followed
 * by `JSON.stringify` does, without walking the value twice. Fields come in the schema's order (zod's keep the order
 * the handler built them in). A schema JSON Schema cannot express (a transform) keeps zod's serialiser.
 *
 * `verify` (the test suite): every response is serialised both ways and must carry the same JSON, fields in any
 * order; a difference is a 500 naming the route, so the suite proves the compiled serialiser on every response it
 * sees.
 */
export function compiledSerializerCompiler(opts: { verify: boolean }) {
  return (route: RouteSchema): Serializer => {
    const viaZod = zodSerializerCompiler(route) as Serializer;
    // Compiled on the first response of its route and status (most are error statuses seldom sent), not at start:
    // compiling them all made a start about a second slower. The request path's are compiled at start (warm-up.ts).
    let compiled: Serializer | undefined;
    const serialize = (data: unknown) => {
      compiled ??= compiledFor(route.schema) ?? viaZod;
      try {
        return compiled(data);
      } catch {
        // What it cannot write (a union's branch given fields beyond its own) is zod's to write, or to refuse.
        return viaZod(data);
      }
    };
    if (!opts.verify) return serialize;
    return (data) => {
      const expected = viaZod(data);
      const actual = serialize(data);
      if (actual === expected) return actual;
      const [a, b] = [canonicalJson(JSON.parse(expected)), canonicalJson(JSON.parse(actual))];
      if (a !== b) {
        const message = `compiled serialiser of ${route.method} ${route.url} differs from zod's: ${firstDifference(a, b)}`;
        // Also on stderr: the suite's services log nothing, and the 500's body names no cause.
        process.stderr.write(`${message}\n`);
        throw new Error(message);
      }
      return actual;
    };
  };
}

/**
 * Compiles the serialisers of these response schemas now (a start's warm-up, for the routes of the request path):
 * their routes' first responses then find them compiled.
 */
export function precompileSerializers(schemas: readonly z.ZodType[]): void {
  for (const schema of schemas) compiledFor(schema);
}

/** One serialiser per schema: routes share their error envelopes' schemas. */
const compiledBySchema = new WeakMap<object, Serializer | null>();

function compiledFor(schema: unknown): Serializer | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  let compiled = compiledBySchema.get(schema);
  if (compiled === undefined) {
    try {
      compiled = fastJson(z.toJSONSchema(schema, { io: 'output', unrepresentable: 'throw', target: 'draft-7' }) as never) as Serializer;
    } catch {
      compiled = null;
    }
    compiledBySchema.set(schema, compiled);
  }
  return compiled ?? undefined;
}

function firstDifference(expected: string, actual: string): string {
  let i = 0;
  while (i < expected.length && expected[i] === actual[i]) i++;
  return `at ${i}: zod ${JSON.stringify(expected.slice(Math.max(0, i - 60), i + 60))}, compiled ${JSON.stringify(actual.slice(Math.max(0, i - 60), i + 60))}`;
}
