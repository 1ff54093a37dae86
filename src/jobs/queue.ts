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

/**
 * Runs jobs in this process with timers. Not durable by itself: work left open by a stopped process is
 * found in the store and sent again at start (RetrievalService.resumeOpenWork).
 */
export class InProcessQueue implements WorkQueue {
  private readonly handlers = new Map<string, (payload: any) => Promise<void>>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private stopped = false;

  constructor(private readonly onError: (err: unknown, job: string) => void = () => undefined) {}

  work(name: string, handler: (payload: any) => Promise<void>): void {
    this.handlers.set(name, handler);
  }

  workBatch(name: string, handler: (payloads: any[]) => Promise<void>): void {
    this.handlers.set(name, (payload) => handler([payload]));
  }

  private readonly keys = new Set<string>();

  async send(name: string, payload: object, opts: SendOptions = {}): Promise<void> {
    if (this.stopped) return;
    const key = opts.key ? `${name}:${opts.key}` : undefined;
    if (key && this.keys.has(key)) return;
    if (key) this.keys.add(key);
    const timer = setTimeout(
      () => {
        this.timers.delete(timer);
        const handler = this.handlers.get(name);
        if (!handler || this.stopped) return;
        const run = handler(payload)
          .catch((err) => this.onError(err, name))
          .finally(() => {
            this.running.delete(run);
            if (key) this.keys.delete(key);
          });
        this.running.add(run);
      },
      Math.max(0, opts.delayMs ?? 0),
    );
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
