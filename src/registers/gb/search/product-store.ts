import { promisify } from 'node:util';
import { gunzip as gunzipCb, gzip as gzipCb } from 'node:zlib';
import type { Db } from '../../../store/db.ts';

const gzip = promisify(gzipCb);
const gunzip = promisify(gunzipCb);

/** Lines per stored chunk: about 1.5 MB of text, 300 KB gzipped; 5.5 million companies make some 280 chunks. */
const CHUNK_LINES = 20_000;

/** Thrown when another process is ingesting the product. */
export class BulkBusyError extends Error {
  constructor() {
    super('another GB bulk product is being ingested');
    this.name = 'BulkBusyError';
  }
}

export interface StoredProduct {
  id: number;
  takenAt: Date;
  finishedAt: Date;
  companies: number;
}

/** Unique violation (the one-running index). */
const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === '23505';

/**
 * The stored Basic Company Data product (gb/005_bulk_index): companies as product lines (entity.ts), gzipped a chunk
 * at a time, so that any process rebuilds the index without the download; and the stream's changes since.
 */
export class ProductStore {
  constructor(private readonly db: Db) {}

  /**
   * Registers a product as being ingested. One at a time; one left by a crashed process is given up after
   * `staleAfterMs`, so that ingestion resumes by itself.
   */
  async begin(source: string, takenAt: Date, now: Date, staleAfterMs = 3_600_000): Promise<number> {
    await this.db.query(
      `update gb_bulk_products set status = 'failed', error = 'abandoned (the ingesting process stopped)', finished_at = $1
        where status = 'running' and started_at < $2`,
      [now, new Date(now.getTime() - staleAfterMs)],
    );
    try {
      const [row] = await this.db.query<{ id: string }>(
        `insert into gb_bulk_products (source, status, taken_at, started_at) values ($1, 'running', $2, $3) returning id::text as id`,
        [source, takenAt, now],
      );
      return Number(row!.id);
    } catch (err) {
      if (isUniqueViolation(err)) throw new BulkBusyError();
      throw err;
    }
  }

  /** Collects lines and stores them a chunk at a time (compression runs off the main thread, beside parsing). */
  writer(productId: number): { add(line: string): Promise<void> | undefined; end(): Promise<number> } {
    let lines: string[] = [];
    let seq = 0;
    let pending: Promise<void> = Promise.resolve();
    const flush = async () => {
      if (!lines.length) return;
      const text = lines.join('\n');
      lines = [];
      const n = seq++;
      const previous = pending;
      const zipped = gzip(text, { level: 1 });
      pending = (async () => {
        const data = await zipped;
        await previous;
        await this.db.query('insert into gb_bulk_chunks (product_id, seq, data) values ($1, $2, $3)', [productId, n, data]);
      })();
      // Keep at most one chunk waiting for the store: parsing must not run ahead without bound.
      await previous;
    };
    return {
      // A promise only when a chunk is flushed: awaiting 5.5 million resolved promises costs seconds.
      add: (line) => {
        lines.push(line);
        return lines.length >= CHUNK_LINES ? flush() : undefined;
      },
      end: async () => {
        await flush();
        await pending;
        return seq;
      },
    };
  }

  /** Marks the product done; older products, and stream changes the product already holds, are dropped. */
  async finish(id: number, counts: { companies: number; names: number }, now: Date): Promise<void> {
    await this.db.transaction(async (tx) => {
      const [p] = await tx.query<{ taken_at: Date }>(
        `update gb_bulk_products set status = 'done', finished_at = $2, companies = $3, names = $4 where id = $1 returning taken_at`,
        [id, now, counts.companies, counts.names],
      );
      await tx.query(`delete from gb_bulk_products where id <> $1 and status <> 'running'`, [id]);
      await tx.query('delete from gb_index_changes where changed_at < $1', [p!.taken_at]);
    });
  }

  async fail(id: number, error: string, now: Date): Promise<void> {
    await this.db.query(`update gb_bulk_products set status = 'failed', error = $2, finished_at = $3 where id = $1`, [id, error, now]);
    await this.db.query('delete from gb_bulk_chunks where product_id = $1', [id]);
  }

  async latest(): Promise<StoredProduct | undefined> {
    const [r] = await this.db.query<{ id: string; taken_at: Date; finished_at: Date; companies: number }>(
      `select id::text as id, taken_at, finished_at, companies from gb_bulk_products where status = 'done' order by id desc limit 1`,
    );
    return r ? { id: Number(r.id), takenAt: new Date(r.taken_at), finishedAt: new Date(r.finished_at), companies: r.companies } : undefined;
  }

  /** The product's lines, a chunk at a time, as UTF-8 (`\n`-separated): they are read in another thread. */
  async *chunks(productId: number): AsyncGenerator<Uint8Array> {
    for (let seq = 0; ; seq++) {
      const [row] = await this.db.query<{ data: Uint8Array }>('select data from gb_bulk_chunks where product_id = $1 and seq = $2', [
        productId,
        seq,
      ]);
      if (!row) return;
      yield await gunzip(Buffer.from(row.data.buffer, row.data.byteOffset, row.data.byteLength));
    }
  }

  /** Records a company's state from the stream (a product line), or its removal from the register. */
  async recordChange(number: string, line: string | undefined, at: Date): Promise<void> {
    await this.db.query(
      `insert into gb_index_changes (company_number, line, removed, changed_at) values ($1, $2, $3, $4)
       on conflict (company_number) do update
         set seq = nextval('gb_index_changes_seq'), line = excluded.line, removed = excluded.removed, changed_at = excluded.changed_at`,
      [number, line ?? '', line === undefined, at],
    );
  }

  /** Changes after `seq`, in order. */
  async changesAfter(seq: number, limit = 5000): Promise<{ seq: number; number: string; line: string; removed: boolean }[]> {
    const rows = await this.db.query<{ seq: string; company_number: string; line: string; removed: boolean }>(
      'select seq::text as seq, company_number, line, removed from gb_index_changes where seq > $1 order by seq limit $2',
      [seq, limit],
    );
    return rows.map((r) => ({ seq: Number(r.seq), number: r.company_number, line: r.line, removed: r.removed }));
  }
}
