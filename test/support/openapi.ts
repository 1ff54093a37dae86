import { validate } from '@readme/openapi-parser';

/** The schema count of the committed openapi.json before its components were tidied: 85 schemas and 85 `…Input` twins. */
export const SCHEMAS_BEFORE = 170;

const REF = '#/components/schemas/';

/**
 * What is wrong with an OpenAPI document as a reader sees it: what the OpenAPI 3.1 validator reports (an unresolved
 * `$ref` included), components that nothing reaches from the paths and webhooks, components that are
 * byte-identical, and `XInput` twins that differ from `X` in nothing but their description. Empty when fine.
 */
export async function documentProblems(doc: any): Promise<string[]> {
  const problems: string[] = [];
  const result = await validate(structuredClone(doc));
  if (!result.valid) problems.push(...result.errors.map((e) => `invalid: ${e.message}`));
  if (doc.openapi !== '3.1.0') problems.push(`openapi is ${doc.openapi}`);

  const schemas: Record<string, unknown> = doc.components?.schemas ?? {};
  const reached = new Set<string>();
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) node.forEach(visit);
    else if (node && typeof node === 'object') {
      for (const [key, value] of Object.entries(node)) {
        if (key === '$ref' && typeof value === 'string') {
          const name = value.slice(REF.length);
          if (!value.startsWith(REF) || !(name in schemas)) problems.push(`unresolved $ref ${value}`);
          else if (!reached.has(name)) {
            reached.add(name);
            visit(schemas[name]);
          }
        } else visit(value);
      }
    }
  };
  visit(doc.paths);
  visit(doc.webhooks);
  for (const name of Object.keys(schemas)) if (!reached.has(name)) problems.push(`orphan schema ${name}`);

  const byText = new Map<string, string>();
  for (const [name, schema] of Object.entries(schemas)) {
    const text = JSON.stringify(schema);
    const twin = byText.get(text);
    if (twin) problems.push(`schema ${name} is a byte-identical twin of ${twin}`);
    byText.set(text, name);
  }
  const withoutDescription = (schema: any) => JSON.stringify({ ...schema, description: undefined }).replaceAll(/Input"/g, '"');
  for (const name of Object.keys(schemas)) {
    const base = name.replace(/Input$/, '');
    if (base !== name && base in schemas && withoutDescription(schemas[name]) === withoutDescription(schemas[base])) {
      problems.push(`schema ${name} is the same as ${base}`);
    }
  }
  return problems;
}

/** Every `/admin` path, tag `operator` and operator-only schema or security scheme in a document. */
export function operatorParts(doc: any): string[] {
  return [
    ...Object.keys(doc.paths).filter((p) => p.startsWith('/admin')),
    ...(doc.tags ?? []).map((t: { name: string }) => t.name).filter((n: string) => n === 'operator'),
    ...Object.keys(doc.components.schemas).filter((s) =>
      /^(AccountCreate|AccountCreated|RunChecksResult|SandboxBehaviour)$|SandboxRecord$/.test(s),
    ),
    ...Object.keys(doc.components.securitySchemes ?? {}).filter((s) => s === 'adminToken'),
  ];
}
