import type { Db } from '../../src/store/db.ts';

/**
 * The baseline: PostgreSQL's trigram search (pg_trgm, GIN index) over the same names, one row per current, former
 * and assumed name, normalised like the index does (DESIGN.md, "Stack notes").
 */
export class TrigramBaseline {
  private rows: { dosId: string; kind: string; norm: string }[] = [];
  inserted = 0;

  constructor(private readonly db: Db) {}

  async create(): Promise<void> {
    await this.db.exec(`
      create extension if not exists pg_trgm;
      drop table if exists bench_us_ny_names;
      create table bench_us_ny_names (dos_id text not null, kind text not null, norm text not null);`);
  }

  /** Queues a name; written in batches. */
  async add(dosId: string, kind: 'current' | 'former' | 'assumed', norm: string): Promise<void> {
    this.rows.push({ dosId, kind, norm });
    if (this.rows.length >= 20_000) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.rows.length) return;
    const rows = this.rows;
    this.rows = [];
    await this.db.query('insert into bench_us_ny_names (dos_id, kind, norm) select * from unnest($1::text[], $2::text[], $3::text[])', [
      rows.map((r) => r.dosId),
      rows.map((r) => r.kind),
      rows.map((r) => r.norm),
    ]);
    this.inserted += rows.length;
  }

  async index(): Promise<void> {
    await this.flush();
    await this.db.exec(`
      create index bench_us_ny_names_trgm on bench_us_ny_names using gin (norm gin_trgm_ops);
      create index bench_us_ny_names_id on bench_us_ny_names (dos_id);
      analyze bench_us_ny_names;`);
  }

  async setThreshold(t: number): Promise<void> {
    await this.db.exec(`set pg_trgm.similarity_threshold = ${Number(t)}`);
  }

  /**
   * Which of `ids` bear a name normalised to `norm`: their current name, or any of their names when `anyKind`
   * (the benchmark's name-level recall, outside the timed searches).
   */
  async bearing(norm: string, ids: readonly string[], anyKind: boolean): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await this.db.query<{ dos_id: string }>(
      `select distinct dos_id from bench_us_ny_names where dos_id = any($1::text[]) and norm = $2${anyKind ? '' : " and kind = 'current'"}`,
      [ids, norm],
    );
    return new Set(rows.map((r) => r.dos_id));
  }

  /** The best 10 companies for a query: the id exactly, else names by trigram similarity. */
  async search(query: string, norm: string, isId: boolean): Promise<string[]> {
    if (isId) {
      const rows = await this.db.query<{ dos_id: string }>('select dos_id from bench_us_ny_names where dos_id = $1 limit 1', [query]);
      return rows.map((r) => r.dos_id);
    }
    const rows = await this.db.query<{ dos_id: string }>(
      'select dos_id from bench_us_ny_names where norm % $1 order by similarity(norm, $1) desc limit 30',
      [norm],
    );
    return [...new Set(rows.map((r) => r.dos_id))].slice(0, 10);
  }
}
