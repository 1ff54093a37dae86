// The incumbent's response schemas as ajv validators: what a customer's client expects of each answer.
// Enums, required fields and types are enforced; extra fields are allowed (the incumbent's schemas allow them).
import { readFileSync } from 'node:fs';
import { Ajv, type ErrorObject } from 'ajv';
import addFormatsModule from 'ajv-formats';
import { INCUMBENT_DOCUMENT } from '../../scripts/compat-types.ts';

// ajv-formats is CommonJS: its default export is the function under `default` when imported from ESM.
const addFormats = ((addFormatsModule as unknown as { default?: unknown }).default ?? addFormatsModule) as (a: Ajv) => Ajv;

export const incumbent = JSON.parse(readFileSync(INCUMBENT_DOCUMENT, 'utf8')) as {
  paths: Record<string, Record<string, any>>;
  components: { schemas: Record<string, any> };
};

/** OpenAPI 3.0's `nullable` beside `allOf` without a `type` is valid OpenAPI but not JSON Schema: give it the type. */
function normalise(node: any): any {
  if (Array.isArray(node)) return node.map(normalise);
  if (!node || typeof node !== 'object') return node;
  const out: any = {};
  for (const [k, v] of Object.entries(node)) if (k !== 'example' && k !== 'deprecated') out[k] = normalise(v);
  if (out.nullable === true && out.type === undefined) {
    const { nullable: _, ...rest } = out;
    return { anyOf: [rest, { type: 'null' }] };
  }
  return out;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
ajv.addSchema({ $id: 'incumbent.json', components: normalise(incumbent.components) });

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  responses: Record<string, any>;
  requestBody?: any;
  parameters: any[];
}

export const operations: Operation[] = Object.entries(incumbent.paths).flatMap(([path, ops]) =>
  Object.entries(ops).map(([method, op]) => ({
    method: method.toUpperCase(),
    path,
    operationId: op.operationId,
    responses: op.responses ?? {},
    requestBody: op.requestBody,
    parameters: op.parameters ?? [],
  })),
);

export const operationById = (id: string): Operation => {
  const op = operations.find((o) => o.operationId === id);
  if (!op) throw new Error(`no operation ${id} in the incumbent's document`);
  return op;
};

/** One way a response departs from the incumbent's schema, in a form stable across runs (array indexes as `*`). */
export interface Finding {
  operationId: string;
  /** `status` (the answer's HTTP status is not one the incumbent documents), or the ajv keyword (enum, required, type…). */
  keyword: string;
  /** JSON pointer into the body with indexes as `*`, e.g. /company/legalForm/standardized; for `required` the missing field. */
  path: string;
  detail: string;
}

const generalise = (pointer: string) => pointer.replace(/\/\d+(?=\/|$)/g, '/*');

function findingOf(operationId: string, e: ErrorObject): Finding {
  const path =
    generalise(e.instancePath) + (e.keyword === 'required' ? `/${(e.params as { missingProperty: string }).missingProperty}` : '');
  const detail =
    e.keyword === 'enum'
      ? `not one of ${JSON.stringify((e.params as { allowedValues: unknown[] }).allowedValues)}`
      : (e.message ?? e.keyword);
  return { operationId, keyword: e.keyword, path, detail };
}

/**
 * Validates one answer of an operation against the schema the incumbent documents for its status. An undocumented
 * status is a finding of its own (a client generated from the document has no type for it).
 */
export function validateResponse(operationId: string, status: number, body: unknown): Finding[] {
  const op = operationById(operationId);
  const documented = op.responses[String(status)];
  if (!documented) {
    const expected = Object.keys(op.responses).filter((s) => s.startsWith('2'));
    return [
      {
        operationId,
        keyword: 'status',
        path: '',
        detail: `answered ${status}, the incumbent answers ${expected.join('/')}: ${JSON.stringify(body).slice(0, 200)}`,
      },
    ];
  }
  const schema = documented.content?.['application/json']?.schema;
  if (!schema) return [];
  const id = `response-${operationId}-${status}.json`;
  const validate = ajv.getSchema(id) ?? ajv.compile({ $id: id, ...rewriteRefs(normalise(schema)) });
  if (validate(body)) return [];
  // ajv reports an `anyOf`/`if` wrapper beside the real error: keep the errors that say what is wrong.
  return (validate.errors ?? []).filter((e) => e.keyword !== 'anyOf' && e.keyword !== 'allOf').map((e) => findingOf(operationId, e));
}

/** A schema inside a path item refers to components as `#/components/...`: point those at the registered document. */
function rewriteRefs(node: any): any {
  if (Array.isArray(node)) return node.map(rewriteRefs);
  if (!node || typeof node !== 'object') return node;
  const out: any = {};
  for (const [k, v] of Object.entries(node)) out[k] = k === '$ref' && typeof v === 'string' ? `incumbent.json${v}` : rewriteRefs(v);
  return out;
}

/** Key of a finding in deliberate-differences.json. */
export const findingKey = (f: Pick<Finding, 'operationId' | 'keyword' | 'path'>) => `${f.operationId} ${f.keyword} ${f.path}`;
