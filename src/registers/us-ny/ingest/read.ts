import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { readCsvRows } from './csv.ts';
import type { RawRecord } from './normalize.ts';

export type FileFormat = 'csv' | 'json';

/** Records of a chunk: objects (JSON), or rows of fields under a header (CSV, without an object per row). */
export type RecordBatch = RawRecord[] | { header: string[]; rows: string[][] };

/** The records of a batch as objects. */
export function recordsOf(batch: RecordBatch): RawRecord[] {
  if (Array.isArray(batch)) return batch;
  return batch.rows.map((fields) => {
    const record: RawRecord = {};
    const n = Math.min(batch.header.length, fields.length);
    for (let i = 0; i < n; i++) record[batch.header[i]!] = fields[i];
    return record;
  });
}

/** The format of a snapshot file: by its extension, else by its first character (`[` or `{` is JSON). */
export function formatOf(name: string, firstChar?: string): FileFormat {
  if (/\.csv(\.gz)?$/i.test(name)) return 'csv';
  if (/\.(nd)?json$/i.test(name)) return 'json';
  return firstChar === '[' || firstChar === '{' ? 'json' : 'csv';
}

/**
 * Records of a snapshot file (a path) or stream, CSV with a header row or JSON (an array of objects, or NDJSON), a
 * chunk's records at a time: 4.3 million awaits per file would cost more than the parsing.
 */
export function readRecordBatches(input: string | Readable, format: FileFormat): AsyncIterable<RecordBatch> {
  const stream = typeof input === 'string' ? createReadStream(input, { highWaterMark: 1 << 16 }) : input;
  return format === 'csv' ? readCsv(stream) : readJsonObjects(stream);
}

/** Rows under the header row; a short row leaves its last columns out, extra fields are ignored. */
async function* readCsv(stream: Readable): AsyncGenerator<RecordBatch> {
  stream.setEncoding('utf8');
  let header: string[] | undefined;
  for await (const rows of readCsvRows(stream as AsyncIterable<string>)) {
    if (!header) header = rows.shift();
    if (header && rows.length) yield { header, rows };
  }
}

/**
 * Objects of a JSON array (the dataset's `/resource/…json` form) or of NDJSON, one at a time, without holding the
 * file: the full dataset is gigabytes. Scans for balanced top-level objects, minding strings and escapes, and
 * parses each with JSON.parse.
 */
export async function* readJsonObjects(stream: Readable): AsyncGenerator<RawRecord[]> {
  stream.setEncoding('utf8');
  let buf = '';
  let depth = 0;
  let start = -1;
  // Where scanning resumes, and whether it resumes inside a string.
  let pos = 0;
  let inString = false;
  // Objects sit at depth 1 inside the array, at depth 0 in NDJSON; known at the first structural character.
  let objectDepth: number | undefined;
  for await (const chunk of stream as AsyncIterable<string>) {
    buf += chunk;
    const batch: RawRecord[] = [];
    let i = pos;
    scan: while (i < buf.length) {
      if (inString) {
        // Jump to the closing quote: one not preceded by an odd number of backslashes.
        for (;;) {
          const q = buf.indexOf('"', i);
          if (q < 0) {
            i = buf.length;
            break scan;
          }
          let bs = 0;
          for (let k = q - 1; k >= 0 && buf.charCodeAt(k) === 92; k--) bs++;
          i = q + 1;
          if (bs % 2 === 0) break;
        }
        inString = false;
        continue;
      }
      const c = buf.charCodeAt(i);
      if (c === 34) inString = true;
      else if (c === 123 /* { */ || c === 91 /* [ */) {
        if (objectDepth === undefined) objectDepth = c === 91 ? 1 : 0;
        if (c === 123 && depth === objectDepth) start = i;
        depth++;
      } else if (c === 125 /* } */ || c === 93 /* ] */) {
        depth--;
        if (c === 125 && depth === objectDepth && start >= 0) {
          batch.push(JSON.parse(buf.slice(start, i + 1)) as RawRecord);
          start = -1;
        }
      }
      i++;
    }
    // Keep only the unfinished object.
    if (start >= 0) {
      buf = buf.slice(start);
      i -= start;
      start = 0;
    } else {
      buf = inString ? buf.slice(i) : '';
      i = 0;
    }
    pos = i;
    if (batch.length) yield batch;
  }
  if (depth !== 0 || inString) throw new Error('the JSON snapshot ends in the middle of a value');
}
