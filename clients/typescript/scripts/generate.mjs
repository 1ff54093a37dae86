// Generates src/schema.d.ts (the API's types) from the service's committed openapi.json with openapi-typescript.
// `--check` fails when the file is stale, so CI keeps the client in step with the API (npm run openapi:check).
import { readFileSync, writeFileSync } from 'node:fs';
import openapiTS, { astToString } from 'openapi-typescript';

const source = new URL('../../../openapi.json', import.meta.url);
const target = new URL('../src/schema.d.ts', import.meta.url);
const header = '// Generated from openapi.json by scripts/generate.mjs (openapi-typescript). Do not edit: run `npm run openapi`.\n';
// A property with a default is optional to send (openapi-typescript makes it required by default).
const ast = await openapiTS(JSON.parse(readFileSync(source, 'utf8')), { defaultNonNullable: false });
const text = header + astToString(ast);

if (process.argv.includes('--check')) {
  let current = '';
  try {
    current = readFileSync(target, 'utf8');
  } catch {}
  if (current !== text) {
    console.error('clients/typescript/src/schema.d.ts is stale: run `npm run openapi`');
    process.exit(1);
  }
  console.log('client types are up to date');
} else {
  writeFileSync(target, text);
  console.log('wrote clients/typescript/src/schema.d.ts');
}
