#!/usr/bin/env node
// The `registrum` command. The published package runs its compiled code (dist/); in the repository, where dist/ is not
// built, the TypeScript sources run through tsx (a dependency of the service).
import { existsSync } from 'node:fs';

const compiled = new URL('../dist/cli/main.js', import.meta.url);
if (existsSync(compiled)) {
  await (await import(compiled.href)).main();
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await (await import(new URL('../src/cli/main.ts', import.meta.url).href)).main();
}
