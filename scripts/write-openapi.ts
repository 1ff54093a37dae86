// Writes openapi.json from the routes' zod schemas; with --check, fails when the committed copy is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { buildOpenApiDocument } from '../src/http/openapi-document.ts';

const path = new URL('../openapi.json', import.meta.url);
const text = `${JSON.stringify(await buildOpenApiDocument(), null, 2)}\n`;
if (process.argv.includes('--check')) {
  let committed = '';
  try {
    committed = readFileSync(path, 'utf8');
  } catch {
    /* missing counts as stale */
  }
  if (committed !== text) {
    console.error('openapi.json is stale: run `npm run openapi` and commit the result');
    process.exit(1);
  }
  console.log('openapi.json is up to date');
} else {
  writeFileSync(path, text);
  console.log('wrote openapi.json');
}
