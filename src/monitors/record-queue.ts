import { NO_CHECK, type CheckOutcome } from './outcome.ts';

/**
 * Observations waiting to be recorded, recorded together: whenever the previous recording has committed, everything
 * that came in meanwhile (up to `batchSize`) goes into the next one. Under load this makes one transaction of many
 * checks instead of one each; a check whose register answers late holds up nobody else's recording.
 */
export class RecordQueue<T> {
  private readonly waiting: T[] = [];
  private running: Promise<void> | undefined;
  private failure: unknown;
  private readonly total: CheckOutcome = { ...NO_CHECK };

  constructor(
    private readonly record: (items: T[]) => Promise<CheckOutcome>,
    private readonly batchSize: number,
  ) {}

  add(item: T): void {
    this.waiting.push(item);
    this.kick();
  }

  /** Waits for every recording; the totals, or the first error of a recording (the others were still made). */
  async finish(): Promise<CheckOutcome> {
    while (this.running) await this.running;
    if (this.failure !== undefined) throw this.failure;
    return this.total;
  }

  private kick(): void {
    if (this.running || !this.waiting.length) return;
    const items = this.waiting.splice(0, this.batchSize);
    this.running = this.record(items)
      .then((r) => void addOutcome(this.total, r))
      .catch((err: unknown) => void (this.failure ??= err))
      .finally(() => {
        this.running = undefined;
        this.kick();
      });
  }
}

/** Adds `r` to `total`. */
export function addOutcome(total: CheckOutcome, r: CheckOutcome): CheckOutcome {
  for (const k of Object.keys(total) as (keyof CheckOutcome)[]) total[k] += r[k];
  return total;
}
