/**
 * `npm run reference:refresh [-- --from <dir>] [--to <dir>] [--url <file>=<url>] [--dry-run]`
 *
 * Refreshes the official lists in data/reference/ from their publishers' files (or, with --from, from files already
 * downloaded into <dir> under the names used in data/reference/), applies the documented normalisations, derives
 * nace2-isic4.csv, writes what changed and prints per list the rows added, removed and changed and the new sha256.
 * --to writes elsewhere than data/reference/ (and compares with what is there). Review the output, update data/reference/README.md (versions, table), run the tests, commit.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { describeChange, diffList } from '../src/enrichment/reference/diff.ts';
import type { ReferenceFile } from '../src/enrichment/reference/files.ts';
import { deriveLink, normaliseElf, normaliseIsic, normaliseNace } from '../src/enrichment/reference/normalise.ts';

/**
 * The publishers' files. GLEIF and UNSD: as named in data/reference/README.md. Eurostat: the RAMON CSV export of
 * NACE_REV2 (hierarchic, English); RAMON is being replaced by Eurostat's metadata server, so this address may stop
 * answering: give another with --url nace-rev2.csv=<url>, or download by hand and use --from.
 */
const SOURCES: Record<'elf-code-list.csv' | 'nace-rev2.csv' | 'isic-rev4.csv', string> = {
  'elf-code-list.csv': 'https://www.gleif.org/lei-data/code-lists/iso-20275-entity-legal-forms-code-list/2026-02-19-elf-code-list-v1.6.csv',
  'nace-rev2.csv':
    'https://ec.europa.eu/eurostat/ramon/nomenclatures/index.cfm?TargetUrl=ACT_OTH_CLS_DLD&StrNom=NACE_REV2&StrFormat=CSV&StrLanguageCode=EN&IntKey=&IntLevel=&bExport=',
  'isic-rev4.csv': 'https://unstats.un.org/unsd/classifications/Econ/Download/In%20Text/ISIC_Rev_4_english_structure.Txt',
};
type Source = keyof typeof SOURCES;

const { values } = parseArgs({
  options: {
    from: { type: 'string' },
    to: { type: 'string' },
    url: { type: 'string', multiple: true },
    'dry-run': { type: 'boolean', default: false },
  },
});
const TARGET = values.to ? pathToFileURL(`${resolve(values.to)}/`) : new URL('../data/reference/', import.meta.url);
for (const u of values.url ?? []) {
  const [file, ...rest] = u.split('=');
  if (!(file! in SOURCES) || rest.length === 0) throw new Error(`--url ${u}: expected <${Object.keys(SOURCES).join('|')}>=<url>`);
  SOURCES[file as Source] = rest.join('=');
}

async function input(file: Source): Promise<string> {
  if (values.from) return readFileSync(join(values.from, file), 'utf8');
  const res = await fetch(SOURCES[file]);
  if (!res.ok) throw new Error(`${file}: ${SOURCES[file]} answered ${res.status}`);
  return await res.text();
}

const current = (file: ReferenceFile) => {
  const url = new URL(file, TARGET);
  return existsSync(url) ? readFileSync(url, 'utf8') : undefined;
};

console.log(values.from ? `reading the lists from ${values.from}` : 'downloading the lists from their publishers');
const nace = normaliseNace(await input('nace-rev2.csv'));
const isic = normaliseIsic(await input('isic-rev4.csv'));
const lists: [ReferenceFile, string][] = [
  ['elf-code-list.csv', normaliseElf(await input('elf-code-list.csv'))],
  ['nace-rev2.csv', nace],
  ['isic-rev4.csv', isic],
  ['nace2-isic4.csv', deriveLink(nace, isic)],
];

let changed = 0;
for (const [file, text] of lists) {
  const change = diffList(file, current(file), text);
  console.log(describeChange(change));
  if (!change.bytesChanged) continue;
  changed++;
  if (values['dry-run']) continue;
  mkdirSync(TARGET, { recursive: true });
  writeFileSync(new URL(file, TARGET), text);
}
if (changed > 0) {
  console.log(
    values['dry-run']
      ? `${changed} list(s) would change (dry run: nothing written)`
      : `${changed} list(s) written to ${TARGET.pathname}: update its README (versions, rows, sha256), run the tests, commit`,
  );
}
