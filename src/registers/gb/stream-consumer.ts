import type { Db } from '../../store/db.ts';
import { sleep } from '../../shared/sleep.ts';
import type { ChangedCompaniesPage } from '../contract.ts';

/** The streams whose events change what monitors compare: profile, officers, PSCs (and insolvency, via the profile). */
export const CONSUMED_STREAMS = ['companies', 'officers', 'persons-with-significant-control', 'insolvency-cases'] as const;

/** An event's coverage is written at most this often per stream (the next event or heartbeat writes a later one). */
const COVERAGE_WRITE_EVERY_MS = 1000;

export interface StreamConsumerOptions {
  db: Db;
  /** The stream host's base URL (live: https://stream.companieshouse.gov.uk; sandbox: the emulator's /stream). */
  location: () => Promise<string>;
  apiKey: string;
  /** Back-off after a failed or dropped connection: doubles from `initialMs` to `maxMs`, reset by a received event. */
  backoff: { initialMs: number; maxMs: number };
  onError?: (err: unknown) => void;
  /** The service's clock: a heartbeat says the stream is complete up to now. */
  now: () => Date;
  /** Each event of the `companies` stream once stored (by whichever process stored it): the name index follows them. */
  onCompanyEvent?: (e: CompanyEvent) => Promise<void>;
}

/** An event of the `companies` stream: the company's profile as it now is (`data`), or its deletion. */
export interface CompanyEvent {
  number: string;
  type: string;
  data: unknown;
  publishedAt: Date;
}

interface StreamEvent {
  resource_id?: string;
  resource_uri?: string;
  data?: unknown;
  event?: { timepoint?: number; published_at?: string; type?: string };
}

/**
 * The Streaming API consumer: one long-lived connection per stream, each event stored (gb_stream_events) with its
 * timepoint, so that a restart or a dropped connection resumes after the last stored one (`?timepoint=N`), with
 * back-off between attempts. Monitors read the companies the events touch (`changedCompanies`) instead of calling the
 * register for every monitored company. Several processes may consume at once: an event is stored once.
 */
export class StreamConsumer {
  private stopper: AbortController | undefined;
  private loops: Promise<void>[] = [];
  /** When each stream's coverage was last written (performance.now()): events move it at most once a second. */
  private readonly coverageWrittenAt = new Map<string, number>();

  constructor(private readonly opts: StreamConsumerOptions) {}

  start(): void {
    if (this.stopper) return;
    const stopper = new AbortController();
    this.stopper = stopper;
    this.loops = CONSUMED_STREAMS.map((s) => this.run(s, stopper.signal));
  }

  async stop(): Promise<void> {
    this.stopper?.abort(new Error('the stream consumer stopped'));
    this.stopper = undefined;
    await Promise.all(this.loops);
    this.loops = [];
  }

  /** The last timepoint stored for a stream: where a (re)connection resumes. */
  async timepoint(stream: string): Promise<number | undefined> {
    const [row] = await this.opts.db.query<{ t: string | null }>(
      'select max(timepoint)::text as t from gb_stream_events where stream = $1',
      [stream],
    );
    return row?.t ? Number(row.t) : undefined;
  }

  private async run(stream: string, signal: AbortSignal): Promise<void> {
    let delay = this.opts.backoff.initialMs;
    while (!signal.aborted) {
      try {
        const received = await this.connect(stream, signal);
        if (received > 0) delay = this.opts.backoff.initialMs;
      } catch (err) {
        if (signal.aborted) break;
        this.opts.onError?.(err);
      }
      await sleep(delay, signal).catch(() => undefined);
      delay = Math.min(this.opts.backoff.maxMs, delay * 2);
    }
  }

  /** One connection: reads events until the stream ends or drops; returns how many it stored. */
  private async connect(stream: string, signal: AbortSignal): Promise<number> {
    const from = await this.timepoint(stream);
    const base = await this.opts.location();
    const res = await fetch(`${base}/${stream}${from !== undefined ? `?timepoint=${from}` : ''}`, {
      headers: { authorization: `Basic ${Buffer.from(`${this.opts.apiKey}:`).toString('base64')}` },
      signal,
    });
    if (!res.ok || !res.body) throw new Error(`the ${stream} stream answered ${res.status}`);
    let stored = 0;
    let buffer = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
      buffer += decoder.decode(chunk, { stream: true });
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        const line = buffer.slice(0, nl).trim();
        buffer = buffer.slice(nl + 1);
        // Empty lines are the register's heartbeats, sent when it has nothing more: the stream is complete up to now.
        if (!line) await this.cover(stream, this.opts.now(), true);
        else if (await this.store(stream, line)) stored++;
      }
    }
    return stored;
  }

  private async store(stream: string, line: string): Promise<boolean> {
    let e: StreamEvent;
    try {
      e = JSON.parse(line) as StreamEvent;
    } catch {
      this.opts.onError?.(new Error(`the ${stream} stream sent a line that is not JSON`));
      return false;
    }
    const timepoint = e.event?.timepoint;
    const number = e.resource_id?.length === 8 ? e.resource_id : /\/company\/([A-Z0-9]{8})/.exec(e.resource_uri ?? '')?.[1];
    if (typeof timepoint !== 'number' || !number) return false;
    // Events are numbered in the order they commit: the monitors' feed reads them by id after a cursor, and one
    // numbered before another but committed after it (the four streams insert side by side) would never be read.
    // The lock is taken before the row's id is drawn and held until the statement's transaction commits.
    const inserted = await this.opts.db.query(
      `with feed_order as (select pg_advisory_xact_lock(hashtext('gb_stream_events')))
       insert into gb_stream_events (stream, timepoint, company_number, event_type, published_at)
       select $1, $2, $3, $4, $5 from feed_order on conflict (stream, timepoint) do nothing returning id`,
      [stream, timepoint, number, e.event?.type ?? 'changed', e.event?.published_at ?? null],
    );
    // Events come in the order the register published them: the stream is complete up to just before this one's
    // publication (others published in the same instant may follow it).
    const publishedAt = e.event?.published_at ? new Date(e.event.published_at).getTime() - 1 : NaN;
    if (!Number.isNaN(publishedAt)) await this.cover(stream, new Date(publishedAt), false);
    // Only the process that stored the event passes it on: another one's copy may arrive later than a newer event.
    if (inserted.length && stream === 'companies' && this.opts.onCompanyEvent) {
      const published = e.event?.published_at ? new Date(e.event.published_at) : new Date();
      await this.opts
        .onCompanyEvent({
          number,
          type: e.event?.type ?? 'changed',
          data: e.data,
          publishedAt: Number.isNaN(published.getTime()) ? new Date() : published,
        })
        .catch((err) => this.opts.onError?.(err));
    }
    return true;
  }

  /**
   * Moves the stream's coverage forward to `until` (never back: a replay after a reconnection, or a process behind
   * another, re-sends older events). An event's is written at most once a second; a heartbeat's always.
   */
  private async cover(stream: string, until: Date, always: boolean): Promise<void> {
    const last = this.coverageWrittenAt.get(stream);
    if (!always && last !== undefined && performance.now() - last < COVERAGE_WRITE_EVERY_MS) return;
    this.coverageWrittenAt.set(stream, performance.now());
    await this.opts.db.query(
      `insert into gb_stream_coverage (stream, covered_until) values ($1, $2)
       on conflict (stream) do update set covered_until = greatest(gb_stream_coverage.covered_until, excluded.covered_until)`,
      [stream, until],
    );
  }
}

/**
 * The companies stream events touched after `cursor` (an event id), a page at a time, and how far the feed is
 * complete: the earliest coverage of the consumed streams (none until each has been consumed), read first.
 */
export async function changedCompaniesOf(db: Db, cursor: string | undefined, limit: number): Promise<ChangedCompaniesPage> {
  const [covered] = await db.query<{ streams: number; until: Date | null }>(
    'select count(*)::int as streams, min(covered_until) as until from gb_stream_coverage where stream = any($1)',
    [CONSUMED_STREAMS],
  );
  const coveredUntil = covered?.streams === CONSUMED_STREAMS.length && covered.until ? { coveredUntil: covered.until } : {};
  if (cursor === undefined) {
    const [row] = await db.query<{ id: string | null }>('select max(id)::text as id from gb_stream_events');
    return { companyIds: [], cursor: row?.id ?? '0', more: false, ...coveredUntil };
  }
  const rows = await db.query<{ id: string; company_number: string }>(
    'select id::text as id, company_number from gb_stream_events where id > $1 order by id limit $2',
    [cursor, limit],
  );
  return {
    companyIds: [...new Set(rows.map((r) => r.company_number))],
    cursor: rows.at(-1)?.id ?? cursor,
    more: rows.length === limit,
    ...coveredUntil,
  };
}
