import type { IncomingMessage, ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import type { GbRecord } from '../record.ts';
import type { CompanyDirectory, RegisterCompany } from './directory.ts';

/** The Streaming API's streams and the part of a company record each reports. */
export const STREAMS = {
  companies: { kind: 'company-profile', part: (r: GbRecord) => r.profile },
  officers: { kind: 'company-officers', part: (r: GbRecord) => r.officers },
  'persons-with-significant-control': { kind: 'company-psc-individual', part: (r: GbRecord) => r.psc },
  filings: { kind: 'filing-history', part: (r: GbRecord) => r.filingHistory },
  'insolvency-cases': { kind: 'company-insolvency', part: (r: GbRecord) => r.insolvency ?? null },
  charges: { kind: 'company-charges', part: (r: GbRecord) => r.charges },
} as const;
export type StreamName = keyof typeof STREAMS;

interface StreamEvent {
  timepoint: number;
  number: string;
  type: 'changed' | 'deleted';
  data: unknown;
  publishedAt: string;
}

const digestOf = (v: unknown) =>
  createHash('sha1')
    .update(JSON.stringify(v ?? null))
    .digest('hex');

/**
 * A part's digest, computed once per part object: the directory hands out the same objects until the register's
 * state changes, and the stream log scans every 100 ms while a consumer is connected, so hashing every company's every part
 * on each scan cost the service 5-10 % of its CPU while nothing changed.
 */
const digests = new WeakMap<object, string>();
const digest = (v: unknown): string => {
  if (typeof v !== 'object' || v === null) return digestOf(v);
  let d = digests.get(v);
  if (d === undefined) digests.set(v, (d = digestOf(v)));
  return d;
};

/**
 * The register's change events, derived from the emulated register's state: a scan compares every company's parts
 * with the last scan and appends one event per changed part to that part's stream (a removed company: `deleted`).
 * The first scan is the baseline (no events for what was already there). Timepoints grow across emulator restarts
 * (they start from the clock), so a consumer's stored timepoint never runs ahead of the stream.
 *
 * While a connected stream waits for events (`nextEvents`), one scan every `pollMs` serves them all: a consumer
 * holds four streams open, and each polling on its own woke the process forty times a second for nothing.
 */
export class StreamLog {
  private readonly events = new Map<StreamName, StreamEvent[]>();
  private last: Map<string, Record<StreamName, string>> | undefined;
  /** The companies the last scan compared: the directory answers the same array while nothing changed. */
  private lastCompanies: readonly RegisterCompany[] | undefined;
  private next = Date.now() * 1000;
  private scanning: Promise<void> | undefined;
  /** The connected streams waiting for events: each told when a scan appended some, or failed. */
  private readonly waiting = new Set<(failure?: unknown) => void>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly directory: CompanyDirectory,
    private readonly pollMs: number,
  ) {}

  scan(): Promise<void> {
    return (this.scanning ??= this.scanOnce().finally(() => (this.scanning = undefined)));
  }

  /**
   * Waits until a scan appends events, `ms` pass or `signal` aborts. Rejects when the register's state cannot be read
   * (the store closed at stop).
   */
  nextEvents(ms: number, signal: AbortSignal): Promise<void> {
    if (signal.aborted) return Promise.resolve();
    return new Promise<void>((resolve, reject) => {
      const done = (failure?: unknown) => {
        clearTimeout(timeout);
        signal.removeEventListener('abort', aborted);
        this.waiting.delete(done);
        if (this.waiting.size === 0) this.stopScanning();
        if (failure === undefined) resolve();
        else reject(failure);
      };
      const aborted = () => done();
      const timeout = setTimeout(done, ms);
      signal.addEventListener('abort', aborted, { once: true });
      this.waiting.add(done);
      this.startScanning();
    });
  }

  private startScanning(): void {
    this.timer ??= setInterval(() => void this.tick(), this.pollMs);
  }

  private stopScanning(): void {
    clearInterval(this.timer);
    this.timer = undefined;
  }

  private async tick(): Promise<void> {
    const appended = this.next;
    let failure: unknown;
    try {
      await this.scan();
    } catch (err) {
      failure = err ?? new Error('the register state could not be read');
    }
    if (failure === undefined && this.next === appended) return;
    for (const tell of [...this.waiting]) tell(failure);
  }

  private async scanOnce(): Promise<void> {
    const companies = await this.directory.all();
    if (companies === this.lastCompanies) return;
    this.lastCompanies = companies;
    const now = new Map<string, { record: GbRecord; parts: Record<StreamName, string> }>();
    for (const c of companies) {
      const parts = Object.fromEntries(Object.entries(STREAMS).map(([s, d]) => [s, digest(d.part(c.record))])) as Record<
        StreamName,
        string
      >;
      now.set(c.number, { record: c.record, parts });
    }
    const before = this.last;
    this.last = new Map([...now].map(([n, v]) => [n, v.parts]));
    if (!before) return;
    const publishedAt = new Date().toISOString();
    for (const [number, { record, parts }] of now) {
      for (const s of Object.keys(STREAMS) as StreamName[]) {
        if (before.get(number)?.[s] === parts[s]) continue;
        this.push(s, { timepoint: ++this.next, number, type: 'changed', data: STREAMS[s].part(record), publishedAt });
      }
    }
    for (const number of before.keys()) {
      if (!now.has(number)) this.push('companies', { timepoint: ++this.next, number, type: 'deleted', data: {}, publishedAt });
    }
  }

  private push(stream: StreamName, e: StreamEvent): void {
    const list = this.events.get(stream) ?? [];
    list.push(e);
    if (list.length > 10_000) list.splice(0, list.length - 10_000);
    this.events.set(stream, list);
  }

  after(stream: StreamName, timepoint: number): StreamEvent[] {
    return (this.events.get(stream) ?? []).filter((e) => e.timepoint > timepoint);
  }
}

/** The register's heartbeat: an empty line after this long without events. */
const HEARTBEAT_MS = 5000;

/**
 * `GET /stream/{stream}?timepoint=N`: a long-lived response of newline-separated JSON events after `N` (all kept ones
 * without it), then each new one as the register's state changes; an empty line every few seconds keeps the
 * connection alive, as the register's heartbeat does.
 */
export async function serveStream(
  log: StreamLog,
  stream: StreamName,
  url: URL,
  req: IncomingMessage,
  res: ServerResponse,
  lifetime: AbortSignal,
): Promise<void> {
  await log.scan();
  let sent = Number(url.searchParams.get('timepoint') ?? '0') || 0;
  res.writeHead(200, { 'content-type': 'application/json', 'transfer-encoding': 'chunked' });
  const closed = new AbortController();
  req.on('close', () => closed.abort());
  const signal = AbortSignal.any([closed.signal, lifetime]);
  let wroteAt = performance.now();
  while (!signal.aborted) {
    for (const e of log.after(stream, sent)) {
      const body = {
        resource_kind: STREAMS[stream].kind,
        resource_uri: `/company/${e.number}`,
        resource_id: e.number,
        data: e.data,
        event: { timepoint: e.timepoint, published_at: e.publishedAt, type: e.type },
      };
      res.write(`${JSON.stringify(body)}\n`);
      sent = e.timepoint;
      wroteAt = performance.now();
    }
    try {
      // Events of other streams wake this one too: the heartbeat counts from this stream's last line.
      await log.nextEvents(Math.max(0, wroteAt + HEARTBEAT_MS - performance.now()), signal);
    } catch {
      // The register's state cannot be read (the store closed at stop): the stream drops, as a real one may.
      return void res.destroy();
    }
    if (!signal.aborted && performance.now() - wroteAt >= HEARTBEAT_MS) {
      res.write('\n');
      wroteAt = performance.now();
    }
  }
  res.end();
}
