import type { SwaggerTransformObject } from '@fastify/swagger';
import { jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { canonicalJson, sortedByName } from '../shared/canonical-json.ts';

/**
 * fastify-type-provider-zod puts every zod schema registered with an id in the document twice: `X` as zod 4
 * outputs it (responses) and `XInput` as it accepts it (request bodies, parameters), whether routes use them or
 * not, and whether the two JSON Schemas differ or not. The document a reader gets instead has:
 * - one `X` where the two agree (enums, and objects whose inputs and outputs are the same);
 * - no component that no operation or webhook reaches (response-only schemas' input twins, a disabled operator
 *   API's schemas);
 * - `X` for a schema only requests use; `XInput` beside `X` only where zod's input and output differ and both are
 *   used (e.g. a stripping object is `additionalProperties: false` on output only: requests may carry more);
 * - only the tags and security schemes some operation uses (the operator API's, with it).
 */
export const transformObject: SwaggerTransformObject = (input) => tidyDocument(jsonSchemaTransformObject(input) as OpenApiDoc);

/** The suffix fastify-type-provider-zod gives the input variant of a registered schema. */
const INPUT_SUFFIX = 'Input';
const REF_PREFIX = '#/components/schemas/';

type Json = unknown;
interface OpenApiDoc {
  paths?: Record<string, Record<string, { tags?: string[] } & Record<string, Json>>>;
  webhooks?: Record<string, Json>;
  components?: { schemas?: Record<string, Json> } & Record<string, Json>;
  tags?: { name: string }[];
  [key: string]: Json;
}

export function tidyDocument<T extends OpenApiDoc>(doc: T): T {
  const generated = doc.components?.schemas ?? {};
  const inputs = inputTwins(generated);
  const twins = mergeableTwins(generated, inputs);
  let out = renameRefs(doc, twins);
  const schemas = { ...out.components?.schemas };
  for (const twin of twins.keys()) delete schemas[twin];

  const reachable = reachableSchemas(out, schemas);
  for (const name of Object.keys(schemas)) if (!reachable.has(name)) delete schemas[name];

  // Input variants left differ from their outputs: one only requests use takes the plain name; one beside an output
  // that responses use keeps `XInput` and says so.
  const names = new Map<string, string>();
  for (const [name, base] of inputs) {
    if (!(name in schemas)) continue;
    if (base in schemas) schemas[name] = describedAsInput(schemas[name], base);
    else names.set(name, base);
  }
  out = renameRefs(out, names);
  const renamed: Record<string, Json> = {};
  for (const [name, schema] of Object.entries(schemas)) renamed[names.get(name) ?? name] = renameRefs(schema, names);

  const operations = Object.values(out.paths ?? {}).flatMap((ops) => Object.values(ops));
  const tags = new Set(operations.flatMap((op) => op?.tags ?? []));
  const schemes = new Set([out.security, ...operations.map((op) => op?.security)].flatMap(requirementNames));
  const securitySchemes = out.components?.securitySchemes as Record<string, Json> | undefined;
  return {
    ...out,
    ...(out.tags ? { tags: out.tags.filter((t) => tags.has(t.name)) } : {}),
    components: {
      ...out.components,
      ...(securitySchemes
        ? { securitySchemes: Object.fromEntries(Object.entries(securitySchemes).filter(([name]) => schemes.has(name))) }
        : {}),
      schemas: sortedByName(renamed),
    },
  };
}

/** The security scheme names of a list of security requirements (`[{ apiKey: [] }]`). */
function requirementNames(requirements: Json): string[] {
  return Array.isArray(requirements) ? requirements.flatMap((r) => Object.keys(r ?? {})) : [];
}

/**
 * The `XInput` twins whose JSON Schema equals their `X` once the twins they refer to are merged too: the
 * largest such set (start from all, drop any that differs, until none does), so schemas that refer to each other
 * merge together.
 */
function mergeableTwins(schemas: Record<string, Json>, inputs: ReadonlyMap<string, string>): Map<string, string> {
  const twins = new Map(inputs);
  for (let changed = true; changed; ) {
    changed = false;
    for (const [twin, base] of twins) {
      if (canonicalJson(renameRefs(schemas[twin], twins)) !== canonicalJson(schemas[base])) {
        twins.delete(twin);
        changed = true;
      }
    }
  }
  return twins;
}

/** The input variants the type provider added (`XInput` beside `X`), each with the name of its output variant. */
function inputTwins(schemas: Record<string, Json>): Map<string, string> {
  const twins = new Map<string, string>();
  for (const name of Object.keys(schemas)) {
    const base = name.slice(0, -INPUT_SUFFIX.length);
    if (name.endsWith(INPUT_SUFFIX) && base in schemas) twins.set(name, base);
  }
  return twins;
}

function describedAsInput(schema: Json, base: string): Json {
  const note = `As requests carry it (\`${base}\` is the form responses carry).`;
  const own = (schema as { description?: string }).description;
  return { ...(schema as object), description: own ? `${own} ${note}` : note };
}

/** The component schemas that the paths and webhooks refer to, directly or through other components. */
function reachableSchemas(doc: OpenApiDoc, schemas: Record<string, Json>): Set<string> {
  const seen = new Set<string>();
  const visit = (node: Json): void => {
    if (Array.isArray(node)) for (const item of node) visit(item);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string' && value.startsWith(REF_PREFIX)) {
          const name = value.slice(REF_PREFIX.length);
          if (!seen.has(name)) {
            seen.add(name);
            visit(schemas[name]);
          }
        } else visit(value);
      }
    }
  };
  visit(doc.paths);
  visit(doc.webhooks);
  return seen;
}

/** A copy of `node` whose `$ref`s to a renamed component point at its new name. */
function renameRefs<T>(node: T, names: ReadonlyMap<string, string>): T {
  if (names.size === 0) return node;
  return JSON.parse(JSON.stringify(node), (key, value) => {
    if (key !== '$ref' || typeof value !== 'string' || !value.startsWith(REF_PREFIX)) return value;
    const to = names.get(value.slice(REF_PREFIX.length));
    return to ? REF_PREFIX + to : value;
  });
}
