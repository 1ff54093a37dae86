export interface SendOptions {
  /** Start no earlier than this many milliseconds from now. */
  delayMs?: number;
  /**
   * Deduplication key: while a job with this key is queued or running, sending another is a no-op.
   * Makes "send again after a restart" safe.
   */
  key?: string;
}

/** One job of `sendMany`. */
export interface JobToSend extends SendOptions {
  payload: object;
}

/** How many jobs of one queue a process fetches at once and runs side by side. */
export interface WorkOptions {
  /** Jobs fetched per poll (default 4). */
  batchSize?: number;
  /** Batches run side by side (default 2). */
  concurrency?: number;
  /**
   * `work` only: jobs run side by side, each completed as it finishes and its slot refilled at once
   * (default batchSize × concurrency).
   */
  slots?: number;
}

/**
 * The seam between the domain and the job engine: named jobs with JSON payloads, optionally delayed.
 * A handler that throws is retried by the engine a few times with backoff (a crash mid-job counts the
 * same); domain-level retry schedules (register outages, webhook attempts) are explicit `send`s.
 * The durable implementation (pg-boss) replaces the in-process one without touching callers.
 */
export interface WorkQueue {
  send(name: string, payload: object, opts?: SendOptions): Promise<void>;
  /** Like `send` for many jobs of one queue, in one round trip to the engine where it can. */
  sendMany(name: string, jobs: readonly JobToSend[]): Promise<void>;
  work(name: string, handler: (payload: any) => Promise<void>, opts?: WorkOptions): void;
  /**
   * Like `work`, with the jobs of one fetch handed over together, for handlers that save round trips by doing a
   * batch's store work in one statement. If it throws, every job of the batch is retried.
   */
  workBatch(name: string, handler: (payloads: any[]) => Promise<void>, opts?: WorkOptions): void;
  stop(): Promise<void>;
}

/** Jobs of one queue running side by side in a process, as the durable engine's workers take them. */
function slotsOf(opts: WorkOptions = {}): number {
  if (opts.slots !== undefined) return opts.slots;
  if (opts.batchSize === undefined && opts.concurrency === undefined) return Number.POSITIVE_INFINITY;
  return (opts.batchSize ?? 4) * (opts.concurrency ?? 2);
}

/** The longest delay a Node timer keeps (about 24.8 days). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * Runs jobs in this process with timers. Not durable by itself: work left open by a stopped process is
 * found in the store and sent again at start (RetrievalService.resumeOpenWork). A queue's `slots` bound the jobs
 * running at once as the durable engine's do (a register's share of the verification workers); a due job beyond
 * them waits its turn, first come first served.
 */
export class InProcessQueue implements WorkQueue {
  private readonly handlers = new Map<string, { run: (payload: any) => Promise<void>; slots: number; busy: number; due: (() => void)[] }>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly onError: (err: unknown, job: string) => void = () => undefined) {}

  work(name: string, handler: (payload: any) => Promise<void>, opts?: WorkOptions): void {
    this.handlers.set(name, { run: handler, slots: slotsOf(opts), busy: 0, due: [] });
  }

  workBatch(name: string, handler: (payloads: any[]) => Promise<void>, opts?: WorkOptions): void {
    this.work(name, (payload) => handler([payload]), opts);
  }

  private readonly keys = new Set<string>();

  async send(name: string, payload: object, opts: SendOptions = {}): Promise<void> {
    if (this.stopped) return;
    const key = opts.key ? `${name}:${opts.key}` : undefined;
    if (key && this.keys.has(key)) return;
    if (key) this.keys.add(key);
    this.after(Math.max(0, opts.delayMs ?? 0), () => {
      const queue = this.handlers.get(name);
      if (!queue || this.stopped) return;
      const start = () => {
        queue.busy++;
        const run = queue
          .run(payload)
          .catch((err) => this.onError(err, name))
          .finally(() => {
            this.running.delete(run);
            if (key) this.keys.delete(key);
            queue.busy--;
            if (!this.stopped) queue.due.shift()?.();
          });
        this.running.add(run);
      };
      if (queue.busy < queue.slots) start();
      else queue.due.push(start);
    });
  }

  /** Runs `fn` in `ms`; Node fires a timer of more than 2^31 - 1 ms at once, so a month's delay is waited in legs. */
  private after(ms: number, fn: () => void): void {
    const leg = Math.min(ms, MAX_TIMER_MS);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      if (ms > leg) this.after(ms - leg, fn);
      else fn();
    }, leg);
    this.timers.add(timer);
  }

  async sendMany(name: string, jobs: readonly JobToSend[]): Promise<void> {
    for (const { payload, ...opts } of jobs) await this.send(name, payload, opts);
  }

  /** Stops taking jobs and waits for the running ones. */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    await Promise.allSettled([...this.running]);
  }
}
