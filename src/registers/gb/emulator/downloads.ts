import { Readable } from 'node:stream';
import yazl from 'yazl';
import { basicCompanyDataCsv } from './bulk.ts';
import type { RegisterCompany } from './directory.ts';
import { pscSnapshotLines } from './psc-snapshot.ts';

/** Where the emulator serves what download.companieshouse.gov.uk serves (its pages and files, under the same names). */
export const DOWNLOADS_PATH = '/bulk';
/** The unzipped products, kept for the tests of a mirror that serves them plain. */
export const PLAIN_PATHS = {
  basicCompanyData: `${DOWNLOADS_PATH}/BasicCompanyData.csv`,
  pscSnapshot: `${DOWNLOADS_PATH}/persons-with-significant-control-snapshot.txt`,
};
/** The register's pages that list the current files. */
export const PAGES = { basicCompanyData: 'en_output.html', pscSnapshot: 'en_pscdata.html' } as const;
/** The emulator splits each product in this many parts (the register: 7 for Basic Company Data, about 30 for PSCs). */
export const PARTS = 2;

/** A download's content, or undefined for a name the register does not publish today. */
export interface Download {
  contentType: string;
  body: Buffer;
  /** Which product: the PSC snapshot is unavailable during an outage, as the REST API. */
  product: 'basicCompanyData' | 'pscSnapshot' | 'page';
}

const day = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The register's file names for the service clock's `now`: Basic Company Data is dated the first of the month
 * (`BasicCompanyDataAsOneFile-2026-11-01.zip`, parts `BasicCompanyData-2026-11-01-part1_7.zip`), the PSC snapshot the
 * day (`persons-with-significant-control-snapshot-2026-11-25.zip`, parts `psc-snapshot-2026-11-25_1of28.zip`).
 */
export function downloadNames(now: Date) {
  const month = `${day(now).slice(0, 8)}01`;
  const today = day(now);
  const parts = (f: (i: number) => string) => Array.from({ length: PARTS }, (_, i) => f(i + 1));
  return {
    basicCompanyData: {
      oneFile: `BasicCompanyDataAsOneFile-${month}.zip`,
      entry: `BasicCompanyDataAsOneFile-${month}.csv`,
      parts: parts((i) => `BasicCompanyData-${month}-part${i}_${PARTS}.zip`),
      partEntry: (i: number) => `BasicCompanyData-${month}-part${i}_${PARTS}.csv`,
    },
    pscSnapshot: {
      oneFile: `persons-with-significant-control-snapshot-${today}.zip`,
      entry: `persons-with-significant-control-snapshot-${today}.txt`,
      parts: parts((i) => `psc-snapshot-${today}_${i}of${PARTS}.zip`),
      partEntry: (i: number) => `psc-snapshot-${today}_${i}of${PARTS}.txt`,
    },
  };
}

/**
 * A zip of one file written as a streaming writer writes it (yazl, deflate): sizes and CRC in a data descriptor after
 * the data, as the readers must cope with.
 */
async function zipOf(name: string, content: string, mtime: Date): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  zip.addReadStream(Readable.from([Buffer.from(content, 'utf8')]), name, { mtime, compress: true });
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/** `lines` cut into PARTS runs of about the same length. */
function split<T>(lines: readonly T[]): T[][] {
  const size = Math.ceil(lines.length / PARTS);
  return Array.from({ length: PARTS }, (_, i) => lines.slice(i * size, (i + 1) * size));
}

/**
 * The download page in the register's own markup: a list of links to the files by their bare names (relative to the
 * page), the whole product first, then its parts, each with its size.
 */
function page(title: string, oneFile: string, parts: readonly string[]): string {
  const li = (f: string) => `<li><a href="${f}">${f}  (1Mb)</a></li>`;
  return `<!DOCTYPE html>
<html lang="en"><head><title>${title}</title></head>
<body><div class="grid_7 push_1 omega">
<h1>${title}</h1>
<h2>Data as one file:</h2>
<ul>${li(oneFile)}</ul>
<h2>Data as multiple files:</h2>
<ul>
${parts.map(li).join('\n')}
</ul>
</div></body></html>
`;
}

/** What `GET /bulk/<name>` answers, undefined when the register publishes no such file today. */
export async function download(
  name: string,
  companies: () => Promise<readonly RegisterCompany[]>,
  now: Date,
): Promise<Download | undefined> {
  const names = downloadNames(now);
  const bcd = names.basicCompanyData;
  const psc = names.pscSnapshot;
  const zip = (body: Buffer, product: Download['product']): Download => ({ contentType: 'application/zip', body, product });
  const text = (contentType: string, body: string, product: Download['product']): Download => ({
    contentType,
    body: Buffer.from(body, 'utf8'),
    product,
  });
  if (name === PAGES.basicCompanyData)
    return text('text/html; charset=utf-8', page('Free Company Data Product', bcd.oneFile, bcd.parts), 'page');
  if (name === PAGES.pscSnapshot)
    return text('text/html; charset=utf-8', page('People with significant control (PSC) snapshot', psc.oneFile, psc.parts), 'page');
  if (`/bulk/${name}` === PLAIN_PATHS.basicCompanyData)
    return text('text/csv; charset=utf-8', basicCompanyDataCsv(await companies()), 'basicCompanyData');
  if (`/bulk/${name}` === PLAIN_PATHS.pscSnapshot)
    return text('application/x-ndjson; charset=utf-8', pscSnapshotLines(await companies(), now), 'pscSnapshot');
  if (name === bcd.oneFile) return zip(await zipOf(bcd.entry, basicCompanyDataCsv(await companies()), now), 'basicCompanyData');
  if (name === psc.oneFile) return zip(await zipOf(psc.entry, pscSnapshotLines(await companies(), now), now), 'pscSnapshot');
  const bcdPart = bcd.parts.indexOf(name);
  if (bcdPart >= 0) {
    // Each part is a CSV of its own, with the header row.
    const own = split(await companies())[bcdPart]!;
    return zip(await zipOf(bcd.partEntry(bcdPart + 1), basicCompanyDataCsv(own), now), 'basicCompanyData');
  }
  const pscPart = psc.parts.indexOf(name);
  if (pscPart >= 0) {
    // The lines in order, the totals line last: in the last part (how the register splits it is not documented).
    const lines = pscSnapshotLines(await companies(), now)
      .split('\n')
      .filter(Boolean);
    return zip(await zipOf(psc.partEntry(pscPart + 1), `${split(lines)[pscPart]!.join('\n')}\n`, now), 'pscSnapshot');
  }
  return undefined;
}
