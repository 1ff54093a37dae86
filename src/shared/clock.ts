/**
 * The service clock. Every time the service reasons about (dedup windows, monitor due times, link validity,
 * stored timestamps) comes from here, so that the sandbox can move it forward (`POST /admin/clock`).
 * Real time plus an offset that only ever grows.
 */
export class Clock {
  private offsetMs = 0;

  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  nowMs(): number {
    return Date.now() + this.offsetMs;
  }

  get offset(): number {
    return this.offsetMs;
  }

  /** Sets the offset, e.g. when loading it from the store; never moves time backwards. */
  setOffset(ms: number): void {
    if (ms > this.offsetMs) this.offsetMs = ms;
  }

  advance(ms: number): Date {
    this.offsetMs += ms;
    return this.now();
  }
}
