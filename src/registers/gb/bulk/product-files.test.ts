import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { emptySandbox } from '../../../../test/support/empty-sandbox.ts';
import { downloadNames, PAGES } from '../emulator/downloads.ts';
import { GbRegisterEmulator, SANDBOX_API_KEY } from '../index.ts';
import { newestOnPage, productFiles, productLines, redactUrl, sourcesOf } from './product-files.ts';

/** Every file of a product read whole, as text, with its name (the tests' products are a few KB). */
async function read(sources: readonly string[], product: 'basicCompanyData' | 'pscSnapshot') {
  const out: { name: string; text: string }[] = [];
  for await (const f of productFiles(sources, product)) {
    const chunks: Uint8Array[] = [];
    for await (const c of f.body) chunks.push(c);
    out.push({ name: f.name.slice(f.name.lastIndexOf('/') + 1), text: Buffer.concat(chunks).toString('utf8') });
  }
  return out;
}

describe('GB bulk products as the register publishes them (the emulator over HTTP)', () => {
  let emulator: GbRegisterEmulator;
  let base: string;
  let names: ReturnType<typeof downloadNames>;
  /** Serves what a broken mirror would: the start of a real zip, cut short. */
  let broken: Server;
  let brokenUrl: string;
  before(async () => {
    // The service clock, fixed: the files are named by its day and the snapshot says when it was generated.
    const now = new Date('2026-11-25T08:00:00Z');
    emulator = new GbRegisterEmulator({ sandbox: emptySandbox, latency: 'none', apiKeys: [SANDBOX_API_KEY], now: () => now });
    base = `${await emulator.start()}/bulk`;
    names = downloadNames(now);
    assert.equal(names.basicCompanyData.oneFile, 'BasicCompanyDataAsOneFile-2026-11-01.zip');
    assert.equal(names.pscSnapshot.parts[0], 'psc-snapshot-2026-11-25_1of2.zip');
    const zip = Buffer.from(await (await fetch(`${base}/${names.basicCompanyData.oneFile}`)).arrayBuffer());
    broken = createServer((_req, res) => res.end(zip.subarray(0, zip.length - 200)));
    await new Promise<void>((resolve) => broken.listen(0, '127.0.0.1', resolve));
    brokenUrl = `http://127.0.0.1:${(broken.address() as AddressInfo).port}/BasicCompanyDataAsOneFile-2026-11-01.zip`;
  });
  after(async () => {
    await emulator.stop();
    await new Promise((resolve) => broken.close(resolve));
  });

  it('unzips the month’s Basic Company Data into the CSV it holds, the same as the plain file', async () => {
    const [zipped, ...more] = await read([`${base}/${names.basicCompanyData.oneFile}`], 'basicCompanyData');
    assert.equal(more.length, 0);
    assert.equal(zipped!.name, `${names.basicCompanyData.oneFile}!${names.basicCompanyData.entry}`);
    assert.match(zipped!.text, /^CompanyName, CompanyNumber,/);
    const [plain] = await read([`${base}/BasicCompanyData.csv`], 'basicCompanyData');
    assert.equal(zipped!.text, plain!.text);
  });

  it('reads the parts in the order given, each a CSV with its header', async () => {
    const parts = await read(
      names.basicCompanyData.parts.map((p) => `${base}/${p}`),
      'basicCompanyData',
    );
    assert.equal(parts.length, 2);
    const [plain] = await read([`${base}/BasicCompanyData.csv`], 'basicCompanyData');
    const rows = (t: string) => t.trimEnd().split('\n').slice(1);
    assert.deepEqual([...rows(parts[0]!.text), ...rows(parts[1]!.text)], rows(plain!.text));
  });

  it('given the register’s download page, reads the newest product it lists', async () => {
    const [viaPage] = await read([`${base}/${PAGES.pscSnapshot}`], 'pscSnapshot');
    assert.equal(viaPage!.name, `${names.pscSnapshot.oneFile}!${names.pscSnapshot.entry}`);
    const lines: string[] = [];
    for await (const line of productLines(productFiles([`${base}/${PAGES.pscSnapshot}`], 'pscSnapshot'))) lines.push(line);
    assert.match(lines.at(-1)!, /"kind":"totals#persons-of-significant-control-snapshot"/);
    // The PSC snapshot's parts as one product: the same lines.
    const fromParts: string[] = [];
    const parts = names.pscSnapshot.parts.map((p) => `${base}/${p}`);
    for await (const line of productLines(productFiles(parts, 'pscSnapshot'))) fromParts.push(line);
    assert.equal(fromParts.length, lines.length);
    assert.ok(fromParts.every((l, i) => l === lines[i]));
  });

  it('picks the newest date on a page, its one file before its parts, parts in order', () => {
    const page = `<ul><li><a href="BasicCompanyDataAsOneFile-2026-10-01.zip">BasicCompanyDataAsOneFile-2026-10-01.zip  (452Mb)</a></li></ul>
      <ul><li><a href="BasicCompanyData-2026-11-01-part2_2.zip">p2</a></li><li><a href="BasicCompanyData-2026-11-01-part1_2.zip">p1</a></li></ul>`;
    const pageUrl = 'https://download.companieshouse.gov.uk/en_output.html';
    assert.deepEqual(newestOnPage(page, pageUrl, 'basicCompanyData'), [
      'https://download.companieshouse.gov.uk/BasicCompanyData-2026-11-01-part1_2.zip',
      'https://download.companieshouse.gov.uk/BasicCompanyData-2026-11-01-part2_2.zip',
    ]);
    const withOne = `${page}<a href="BasicCompanyDataAsOneFile-2026-11-01.zip">x</a>`;
    assert.deepEqual(newestOnPage(withOne, pageUrl, 'basicCompanyData'), [
      'https://download.companieshouse.gov.uk/BasicCompanyDataAsOneFile-2026-11-01.zip',
    ]);
    assert.throws(() => newestOnPage(page, pageUrl, 'pscSnapshot'), /names no PSC snapshot file/);
  });

  it('refuses a zip cut short, and a missing file, naming the URL without its credentials', async () => {
    await assert.rejects(read([brokenUrl], 'basicCompanyData'), /is not a readable zip/);
    const missing = `${base.replace('http://', 'http://reader:s3cret@')}/BasicCompanyDataAsOneFile-1999-01-01.zip?token=abc`;
    await assert.rejects(read([missing], 'basicCompanyData'), (err: Error) => {
      assert.match(err.message, /BasicCompanyDataAsOneFile-1999-01-01\.zip\?… answered 404/);
      assert.doesNotMatch(err.message, /s3cret|abc/);
      return true;
    });
  });

  it('takes a setting of several URLs separated by commas; logs a URL without user, password or query', () => {
    assert.deepEqual(sourcesOf(' https://a/x.zip, https://a/y.zip ,'), ['https://a/x.zip', 'https://a/y.zip']);
    assert.equal(redactUrl('https://u:p@mirror.example/psc.zip?sig=1'), 'https://mirror.example/psc.zip?…');
  });
});
