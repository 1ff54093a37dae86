import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, describe, it } from 'node:test';

const SCRIPTS = new URL('../../scripts/', import.meta.url);
const roots: string[] = [];
after(() => {
  for (const r of roots) rmSync(r, { recursive: true, force: true });
});

/** A tree of its own with these files (path: text), for a check run on it. */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(join(tmpdir(), 'registrum-checks-'));
  roots.push(root);
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  return root;
}

function run(script: string, root: string) {
  const r = spawnSync(process.execPath, ['--import', 'tsx', new URL(script, SCRIPTS).pathname], {
    env: { ...process.env, CHECK_ROOT: root },
    encoding: 'utf8',
  });
  return { status: r.status, out: r.stdout + r.stderr };
}

describe('the CI checks of issue 20', () => {
  it('check:boundaries fails on a register code or a register import outside the register, not inside it', () => {
    const root = tree({
      'src/registers/index.ts': "import { manifest } from './cn/manifest.ts';\nexport const M = [manifest];\n",
      'src/registers/cn/manifest.ts': "export const manifest = { code: 'CN' };\n",
      'src/registers/us-ny/search.ts': "import { manifest } from '../cn/manifest.ts';\nexport const x = manifest;\n",
      'src/http/route.ts': "// 'CN' in a comment is not code\nexport const country = 'CN';\nexport const ok = 'CNY';\n",
      'src/http/fine.ts': "import { M } from '../registers/index.ts';\nexport const all = M;\n",
      'src/http/route.test.ts': "export const inTest = 'CN';\n",
    });
    const { status, out } = run('check-boundaries.ts', root);
    assert.equal(status, 1, out);
    assert.match(out, /src\/http\/route\.ts:2: names the register 'CN' outside its folder/);
    assert.match(out, /src\/registers\/us-ny\/search\.ts:1: imports from src\/registers\/cn\//);
    assert.doesNotMatch(out, /fine\.ts|route\.test\.ts|route\.ts:1|route\.ts:3|manifest\.ts/);
  });

  it('check:cycles fails on modules that import each other round a loop, type imports included', () => {
    const cyclic = tree({
      'src/a/one.ts': "import type { B } from '../b/two.ts';\nexport type A = B;\n",
      'src/b/two.ts': "import { c } from '../c/three.ts';\nexport type B = typeof c;\n",
      'src/c/three.ts': "import type { A } from '../a/one.ts';\nexport const c: A | 1 = 1;\n",
    });
    const { status, out } = run('check-cycles.ts', cyclic);
    assert.equal(status, 1, out);
    assert.match(out, /cycle between a, b, c/);
    const acyclic = tree({
      'src/a/one.ts': "import { c } from '../c/three.ts';\nexport const a = c;\n",
      'src/c/three.ts': 'export const c = 1;\n',
    });
    assert.equal(run('check-cycles.ts', acyclic).status, 0);
  });
});
