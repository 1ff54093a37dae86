/** A fetch loop's idle wait: it ends after a time, or as soon as something wakes it (a send, a freed slot, a stop). */
export class WakeableWait {
  private wakeUp: (() => void) | undefined;

  /** Resolves after `ms`, or when woken; without `ms` only when woken. */
  wait(ms?: number): Promise<void> {
    return new Promise((resolve) => {
      const self = this;
      const timer = ms === undefined ? undefined : setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        self.wakeUp = undefined;
        resolve();
      }
      this.wakeUp = done;
    });
  }

  /** Ends the wait in progress, if any. */
  wake(): void {
    this.wakeUp?.();
  }
}
