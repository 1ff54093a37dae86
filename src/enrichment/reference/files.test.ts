import { test } from 'node:test';
import assert from 'node:assert/strict';
import { fileURLToPath } from 'node:url';
import { referenceDir } from './files.ts';

test('the reference directory defaults to shared/reference beside the project and honours REFERENCE_DIR', (t) => {
  const saved = process.env.REFERENCE_DIR;
  t.after(() => {
    if (saved === undefined) delete process.env.REFERENCE_DIR;
    else process.env.REFERENCE_DIR = saved;
  });
  delete process.env.REFERENCE_DIR;
  assert.match(fileURLToPath(referenceDir()), /\/shared\/reference\/$/);
  process.env.REFERENCE_DIR = '/srv/ref';
  assert.equal(fileURLToPath(referenceDir()), '/srv/ref/');
});
