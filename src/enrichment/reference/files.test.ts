import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { REFERENCE_FILES, assertReferenceLists, readReferenceCsv, referenceDir } from './files.ts';

const REPO = fileURLToPath(new URL('../../../', import.meta.url));

function withReferenceDir(t: { after: (fn: () => void) => void }, value: string | undefined) {
  const saved = process.env.REFERENCE_DIR;
  t.after(() => {
    if (saved === undefined) delete process.env.REFERENCE_DIR;
    else process.env.REFERENCE_DIR = saved;
  });
  if (value === undefined) delete process.env.REFERENCE_DIR;
  else process.env.REFERENCE_DIR = value;
}

test('the lists are read from the copy in the repository (data/reference), not from a folder beside it', (t) => {
  withReferenceDir(t, undefined);
  assert.equal(fileURLToPath(referenceDir()), join(REPO, 'data/reference/'));
  for (const file of REFERENCE_FILES) assert.ok(existsSync(new URL(file, referenceDir())), `${file} is committed`);
  assert.doesNotThrow(() => assertReferenceLists());
});

test('REFERENCE_DIR overrides the shipped copy', (t) => {
  withReferenceDir(t, '/srv/ref');
  assert.equal(fileURLToPath(referenceDir()), '/srv/ref/');
});

test('a missing list is named with the path it was looked for at and how to restore it', (t) => {
  const empty = mkdtempSync(join(tmpdir(), 'registrum-ref-'));
  t.after(() => rmSync(empty, { recursive: true, force: true }));
  withReferenceDir(t, empty);
  const expected = (file: string) =>
    new RegExp(
      `reference list ${file.replace('.', '\\.')} is missing: expected at ${empty}/${file.replace('.', '\\.')} .*npm run reference:refresh`,
    );
  assert.throws(() => readReferenceCsv('nace-rev2.csv'), expected('nace-rev2.csv'));
  assert.throws(() => assertReferenceLists(), expected('elf-code-list.csv'));
});
