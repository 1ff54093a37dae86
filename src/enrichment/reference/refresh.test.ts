import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describeChange, diffList, sha256 } from './diff.ts';

const SCRIPT = fileURLToPath(new URL('../../../scripts/refresh-reference.ts', import.meta.url));

const ELF_HEADER = 'ELF Code,Country Code (ISO 3166-1),Entity Legal Form name Local name,Language Code (ISO 639-1),ELF Status ACTV/INAC\n';
const NACE_HEADER = 'Order,Level,Code,Parent,Description,Reference to ISIC Rev. 4\r';

/** A publisher's download of the three lists, tiny, in their own formats. */
function publish(dir: string, lists: { elf: string[]; nace: string[]; isic: string[] }) {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'elf-code-list.csv'), ELF_HEADER + lists.elf.map((r) => `${r}\n`).join(''));
  writeFileSync(join(dir, 'nace-rev2.csv'), NACE_HEADER + lists.nace.map((r) => `${r}\r`).join(''));
  writeFileSync(join(dir, 'isic-rev4.csv'), `"Code","Description"\r\n${lists.isic.map((r) => `${r}\r\n`).join('')}`);
}

const refresh = (from: string, to: string) => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT, '--from', from, '--to', to], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
};

test('diffList: rows added, removed and changed by code; ELF rows by code and language', () => {
  const before = `${ELF_HEADER}PJ10,US,Business Corporation,en,ACTV\nV89C,MT,Private Limited Liability Company,en,ACTV\nV89C,MT,kumpanija privata,mt,ACTV\n`;
  const after = `${ELF_HEADER}PJ10,US,Business Corporation,en,INAC\nV89C,MT,kumpanija privata,mt,ACTV\nSQXV,JE,Private Limited Company,en,ACTV\n`;
  const c = diffList('elf-code-list.csv', before, after);
  assert.deepEqual([c.added, c.removed, c.changed], [['SQXV/en'], ['V89C/en'], ['PJ10/en']]);
  assert.equal(c.sha256, sha256(after));
  assert.equal(
    describeChange(c),
    `elf-code-list.csv: 1 added (SQXV/en), 1 removed (V89C/en), 1 changed (PJ10/en); 3 rows, sha256 ${sha256(before)} -> ${sha256(after)}`,
  );
  assert.equal(
    describeChange(diffList('elf-code-list.csv', after, after)),
    `elf-code-list.csv: no change (3 rows, sha256 ${sha256(after)})`,
  );
});

test('reference:refresh --from: normalises, derives the link, writes, and reports what changed per list', (t) => {
  const root = mkdtempSync(join(tmpdir(), 'registrum-refresh-'));
  t.after(() => rmSync(root, { recursive: true, force: true }));
  const out = join(root, 'reference');
  const v1 = {
    elf: ['PJ10,US,Business Corporation,en,ACTV'],
    nace: ['1,1,A,,AGRICULTURE,A', '2,2,01,A,Crops,01'],
    isic: ['"A","Agriculture"', '"01","Crops"'],
  };
  publish(join(root, 'v1'), v1);
  const first = refresh(join(root, 'v1'), out);
  assert.match(first, /nace-rev2\.csv: 2 added \(A, 01\)/);
  assert.match(first, /nace2-isic4\.csv: 2 added \(A, 01\)/);
  assert.equal(readFileSync(join(out, 'isic-rev4.csv'), 'utf8'), 'Code,Description,Level,Parent\nA,Agriculture,1,\n01,Crops,2,A\n');
  assert.equal(readFileSync(join(out, 'nace2-isic4.csv'), 'utf8').split('\n')[2], '01,2,Crops,01,Crops,1');

  // The same download again, or our own normalised copy as input: nothing changes.
  for (const from of [join(root, 'v1'), out]) {
    const again = refresh(from, out);
    for (const file of ['elf-code-list.csv', 'nace-rev2.csv', 'isic-rev4.csv', 'nace2-isic4.csv']) {
      assert.match(
        again,
        new RegExp(`${file.replace(/\./g, '\\.')}: no change \\(\\d+ rows, sha256 ${sha256(readFileSync(join(out, file), 'utf8'))}\\)`),
      );
    }
  }

  publish(join(root, 'v2'), {
    ...v1,
    nace: ['1,1,A,,AGRICULTURE,A', '3,2,02,A,Forestry,01'],
    isic: ['"A","Agriculture"', '"01","Crops and forestry"'],
  });
  const second = refresh(join(root, 'v2'), out);
  assert.match(second, /elf-code-list\.csv: no change/);
  assert.match(second, /nace-rev2\.csv: 1 added \(02\), 1 removed \(01\); 2 rows, sha256 [0-9a-f]{64} -> [0-9a-f]{64}/);
  assert.match(second, /isic-rev4\.csv: 1 changed \(01\)/);
  assert.match(second, /nace2-isic4\.csv: 1 added \(02\), 1 removed \(01\)/);
  assert.match(readFileSync(join(out, 'nace2-isic4.csv'), 'utf8'), /^02,2,Forestry,01,Crops and forestry,1$/m);
});
