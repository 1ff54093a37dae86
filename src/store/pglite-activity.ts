/**
 * When the service last asked the embedded store for anything. The store runs on one thread, so its upkeep
 * (pglite-checkpoints.ts, pglite-vacuums.ts) holds up every request waiting for it: done in a lull, no one waits.
 */
export class StoreActivity {
  private lastAt = performance.now();

  /** A message from the service arrived. */
  touch(): void {
    this.lastAt = performance.now();
  }

  /** How long the store has had nothing from the service. */
  quietForMs(): number {
    return performance.now() - this.lastAt;
  }
}
