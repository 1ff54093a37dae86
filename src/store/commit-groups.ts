/**
 * Group commit: writes that arrive while `inFlight` groups are being written wait, and are then written together, all
 * those waiting at once (at most `maxGroup`), by one call of `write` (one transaction, one commit, one round trip).
 * A write that finds fewer groups in flight starts at once, so that a lone write waits for nothing; under load,
 * concurrent writes share their transaction's fixed cost (its statements' round trip, the commit and its log flush)
 * instead of each paying it.
 *
 * `write` settles each item's own outcome (an item's promise resolves when its group's `write` has, whatever it did
 * with the item); a `write` that throws rejects every item of its group.
 */
export class CommitGroups<T> {
  private readonly waiting: { item: T; resolve(): void; reject(err: unknown): void }[] = [];
  private running = 0;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    private readonly inFlight: number,
    private readonly maxGroup: number,
  ) {}

  /** Writes `item` with those waiting beside it; resolves once its group's write has ended. */
  add(item: T): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      this.waiting.push({ item, resolve, reject });
      this.next();
    });
  }

  private next(): void {
    while (this.running < this.inFlight && this.waiting.length > 0) {
      const group = this.waiting.splice(0, this.maxGroup);
      this.running++;
      this.write(group.map((g) => g.item)).then(
        () => this.done(group, (g) => g.resolve()),
        (err: unknown) => this.done(group, (g) => g.reject(err)),
      );
    }
  }

  private done<G>(group: G[], settle: (g: G) => void): void {
    this.running--;
    for (const g of group) settle(g);
    this.next();
  }
}
