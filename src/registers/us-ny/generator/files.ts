import type { Writable } from 'node:stream';
import { once } from 'node:events';

const csvField = (v: string) => (/[",\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);

/** Writes records to a stream, honouring back-pressure. */
async function write(out: Writable, text: string) {
  if (!out.write(text)) await once(out, 'drain');
}

/** A CSV file with a header row, the columns of the first record (every record must carry them all). */
export async function writeCsv(out: Writable, records: Iterable<Record<string, string>>, columns?: readonly string[]): Promise<number> {
  let n = 0;
  let header = columns;
  let chunk = '';
  for (const r of records) {
    if (!header) header = Object.keys(r);
    if (n === 0) chunk += `${header.map(csvField).join(',')}\n`;
    chunk += `${header.map((c) => csvField(r[c] ?? '')).join(',')}\n`;
    n++;
    if (chunk.length > 1 << 16) {
      await write(out, chunk);
      chunk = '';
    }
  }
  if (n === 0 && header) chunk += `${header.map(csvField).join(',')}\n`;
  if (chunk) await write(out, chunk);
  return n;
}

/** A JSON array with one object per line, as the open-data API answers (empty columns left out by the caller). */
export async function writeJsonArray(out: Writable, records: Iterable<Record<string, string>>): Promise<number> {
  let n = 0;
  let chunk = '[';
  for (const r of records) {
    chunk += `${n === 0 ? '' : '\n,'}${JSON.stringify(r)}`;
    n++;
    if (chunk.length > 1 << 16) {
      await write(out, chunk);
      chunk = '';
    }
  }
  await write(out, `${chunk}]\n`);
  return n;
}

export function csvText(records: Iterable<Record<string, string>>, columns?: readonly string[]): string {
  const rows = [...records];
  const header = columns ?? (rows[0] ? Object.keys(rows[0]) : []);
  return [header, ...rows.map((r) => header.map((c) => r[c] ?? ''))].map((line) => line.map(csvField).join(',')).join('\n') + '\n';
}
