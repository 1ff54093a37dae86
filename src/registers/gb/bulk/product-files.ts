import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';
import { RegisterError } from '../../errors.ts';

/** A local file header's signature: every zip the register publishes starts with it. */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04] as const;

/** One file of a bulk product, read as it arrives; its body must be read to the end before the next file is asked for. */
export interface ProductFile {
  /** The URL or path it came from, and the entry's name when it came out of a zip. */
  name: string;
  body: AsyncIterable<Uint8Array>;
}

/**
 * A URL as it may be logged or stored: without user and password, and without its query (a mirror's signed URL
 * carries its token there).
 */
export function redactUrl(source: string): string {
  try {
    const u = new URL(source);
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return source;
    return `${u.protocol}//${u.host}${u.pathname}${u.search ? '?…' : ''}`;
  } catch {
    return source;
  }
}

/** A setting that lists a product's parts: URLs separated by commas, read in this order as one product. */
export function sourcesOf(setting: string): string[] {
  return setting
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}

const isHttp = (source: string) => /^https?:\/\//i.test(source);

/** The two bulk products, by the names the register gives their files on its download pages. */
export type BulkProduct = 'basicCompanyData' | 'pscSnapshot';
const FILE_NAMES: Record<BulkProduct, { oneFile: RegExp; part: RegExp }> = {
  // BasicCompanyDataAsOneFile-2026-11-01.zip; BasicCompanyData-2026-11-01-part1_7.zip
  basicCompanyData: {
    oneFile: /^BasicCompanyDataAsOneFile-(\d{4}-\d{2}-\d{2})\.zip$/,
    part: /^BasicCompanyData-(\d{4}-\d{2}-\d{2})-part(\d+)_\d+\.zip$/,
  },
  // persons-with-significant-control-snapshot-2026-11-25.zip; psc-snapshot-2026-11-25_1of28.zip
  pscSnapshot: {
    oneFile: /^persons-with-significant-control-snapshot-(\d{4}-\d{2}-\d{2})\.zip$/,
    part: /^psc-snapshot-(\d{4}-\d{2}-\d{2})_(\d+)of\d+\.zip$/,
  },
};

/**
 * The newest product a download page names (`<a href="BasicCompanyDataAsOneFile-2026-11-01.zip">`, relative to the
 * page): its one file, or, when the page offers only parts, all the parts of the newest date in order.
 */
export function newestOnPage(html: string, pageUrl: string, product: BulkProduct): string[] {
  const names = FILE_NAMES[product];
  const hrefs = [...html.matchAll(/href\s*=\s*["']([^"']+)["']/gi)].map((m) => m[1]!);
  const found: { date: string; part: number; url: string }[] = [];
  for (const href of hrefs) {
    const url = new URL(href, pageUrl);
    const base = url.pathname.slice(url.pathname.lastIndexOf('/') + 1);
    const one = names.oneFile.exec(base);
    const part = names.part.exec(base);
    if (one) found.push({ date: one[1]!, part: 0, url: url.href });
    else if (part) found.push({ date: part[1]!, part: Number(part[2]), url: url.href });
  }
  // ISO dates: the newest sorts last.
  const newest = found
    .map((f) => f.date)
    .sort()
    .at(-1);
  const ofNewest = found.filter((f) => f.date === newest);
  const one = ofNewest.find((f) => f.part === 0);
  if (one) return [one.url];
  const parts = [...new Map(ofNewest.map((f) => [f.part, f.url])).entries()].sort((a, b) => a[0] - b[0]).map(([, url]) => url);
  if (!parts.length)
    throw new Error(`${redactUrl(pageUrl)} names no ${product === 'pscSnapshot' ? 'PSC snapshot' : 'Basic Company Data'} file`);
  return parts;
}

/** The body of a URL (fetched) or of a local file (the operator's script, the benchmark); an HTML page as text. */
async function open_(source: string, signal: AbortSignal | undefined): Promise<{ body: AsyncIterable<Uint8Array>; page?: string }> {
  if (!isHttp(source)) return { body: createReadStream(source, { highWaterMark: 1 << 20 }) };
  // fetch refuses a URL with a user and password (a mirror behind Basic authentication): they go in the header.
  const url = new URL(source);
  const headers: Record<string, string> = {};
  if (url.username || url.password) {
    const user = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
    headers.authorization = `Basic ${Buffer.from(user).toString('base64')}`;
    url.username = url.password = '';
  }
  let res: Response;
  try {
    res = await fetch(url, { headers, ...(signal ? { signal } : {}) });
  } catch (err) {
    // fetch says only "fetch failed": the reason is its cause (refused, DNS, reset).
    const cause = (err as { cause?: { message?: string } }).cause?.message ?? (err as Error).message;
    throw RegisterError.unavailable(`${redactUrl(source)}: ${cause}`);
  }
  if (!res.ok || !res.body) {
    await res.body?.cancel().catch(() => undefined);
    throw RegisterError.unavailable(`${redactUrl(source)} answered ${res.status}`);
  }
  if (/^text\/html/i.test(res.headers.get('content-type') ?? '')) return { body: (async function* () {})(), page: await res.text() };
  return { body: res.body as unknown as AsyncIterable<Uint8Array> };
}

/** The first bytes of a body (at least `n` unless it is shorter), and the whole body again, those bytes first. */
async function peek(body: AsyncIterable<Uint8Array>, n: number): Promise<{ head: Uint8Array; body: AsyncIterable<Uint8Array> }> {
  const it = body[Symbol.asyncIterator]();
  const seen: Uint8Array[] = [];
  let length = 0;
  let done = false;
  while (length < n) {
    const next = await it.next();
    if (next.done) {
      done = true;
      break;
    }
    seen.push(next.value);
    length += next.value.byteLength;
  }
  const head = Buffer.concat(seen);
  async function* again(): AsyncGenerator<Uint8Array> {
    if (head.byteLength) yield head;
    if (done) return;
    for (;;) {
      const next = await it.next();
      if (next.done) return;
      yield next.value;
    }
  }
  return { head, body: again() };
}

const isZip = (head: Uint8Array) => ZIP_MAGIC.every((b, i) => head[i] === b);

/**
 * The files of a product whose parts are `sources` (URLs or local paths), in order. A part is told to be a zip by its
 * first four bytes (`PK\3\4`), not its name: a zip gives each file it holds, in the order of its central directory;
 * anything else (a mirror that serves the CSV unzipped) is one file as it is.
 *
 * Why yauzl over a temporary file rather than a streaming unzipper: a zip's authority on where an entry ends is its
 * central directory, at the end of the file. Streaming parsers (unzipper's Parse) must guess it from the local
 * header, and an entry written with a data descriptor (sizes after the data, as streaming writers do) leaves them
 * scanning the compressed bytes for the descriptor's signature; the PSC snapshot (over 4 GB unzipped) also needs
 * zip64, which yauzl reads from the directory. So a downloaded zip is spooled to disk as it arrives (the zipped bytes:
 * about 0.5 GB for Basic Company Data, 2 GB for the PSC snapshot; never in memory), then its entries are inflated as
 * streams, and the file is removed when the product is read or the reading stops.
 */
export async function* productFiles(sources: readonly string[], product: BulkProduct, signal?: AbortSignal): AsyncGenerator<ProductFile> {
  for (const source of sources) {
    const opened = await open_(source, signal);
    if (opened.page !== undefined) {
      // The register's download page: the newest product it names (a page is not followed to another page).
      yield* productFiles(newestOnPage(opened.page, source, product), product, signal);
      continue;
    }
    const { head, body } = await peek(opened.body, ZIP_MAGIC.length);
    if (!isZip(head)) {
      yield { name: source, body };
      continue;
    }
    const spool = isHttp(source) ? await mkdtemp(join(tmpdir(), 'registrum-gb-bulk-')) : undefined;
    try {
      let path = source;
      if (spool) {
        path = join(spool, 'product.zip');
        await pipeline(Readable.from(body), createWriteStream(path), ...(signal ? [{ signal }] : []));
      } else await drain(body);
      yield* zipEntries(path, source);
    } finally {
      if (spool) await rm(spool, { recursive: true, force: true });
    }
  }
}

/** Releases a local file's stream that was opened only to look at its first bytes. */
async function drain(body: AsyncIterable<Uint8Array>): Promise<void> {
  await body[Symbol.asyncIterator]().return?.();
}

async function* zipEntries(path: string, source: string): AsyncGenerator<ProductFile> {
  let zip: yauzl.ZipFile;
  try {
    zip = await yauzl.openPromise(path, { lazyEntries: true, autoClose: false });
  } catch (err) {
    throw new Error(`${redactUrl(source)} is not a readable zip: ${err instanceof Error ? err.message : String(err)}`);
  }
  try {
    let files = 0;
    for await (const entry of zip.eachEntry()) {
      if (entry.fileName.endsWith('/')) continue; // a folder
      files++;
      const stream = await zip.openReadStreamPromise(entry);
      yield { name: `${source}!${entry.fileName}`, body: stream };
    }
    if (files === 0) throw new Error(`${redactUrl(source)} is a zip without any file`);
  } finally {
    zip.close();
  }
}

/**
 * The lines of a product's files, in order (a JSON-lines product such as the PSC snapshot, whose parts are cut
 * between lines); blank lines are dropped. Read as it arrives, never the whole file at once.
 */
export async function* productLines(files: AsyncIterable<ProductFile>): AsyncGenerator<string> {
  for await (const file of files) {
    const decoder = new TextDecoder();
    let carry = '';
    for await (const chunk of file.body) {
      const text = carry + decoder.decode(chunk, { stream: true });
      const lines = text.split('\n');
      carry = lines.pop()!;
      for (const line of lines) if (line.trim()) yield line;
    }
    carry += decoder.decode();
    if (carry.trim()) yield carry;
  }
}
