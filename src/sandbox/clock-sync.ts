import type { Db } from '../store/db.ts';
import { raiseNumericSetting, readSetting } from '../store/settings.ts';
import type { Clock } from '../shared/clock.ts';

const KEY = 'clockOffsetMs';

/**
 * The sandbox clock's offset lives in the store so that every process on one database and every
 * restart see the same time. `POST /admin/clock` saves it; other processes pick it up within a second.
 */
export class ClockSync {
  private timer?: NodeJS.Timeout;

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  async load(): Promise<void> {
    const offset = await readSetting<unknown>(this.db, KEY);
    if (typeof offset === 'number') this.clock.setOffset(offset);
  }

  /** Moves the clock forward and records the new offset (the largest offset wins across processes). */
  async advance(ms: number): Promise<void> {
    this.clock.advance(ms);
    await raiseNumericSetting(this.db, KEY, this.clock.offset);
    await this.load();
  }

  start(everyMs = 1000): void {
    this.timer = setInterval(() => void this.load().catch(() => undefined), everyMs);
    this.timer.unref();
  }

  stop(): void {
    clearInterval(this.timer);
  }
}
