/** How PostgreSQL plans a prepared statement's run: its own choice (`auto`), or the generic plan it keeps. */
export type PlanMode = 'auto' | 'generic';

/**
 * Chooses, for one prepared statement, between PostgreSQL's own plan choice and a generic plan, by timing runs of
 * each. PostgreSQL keeps re-planning a statement whose generic plan it estimates costlier than its custom plans, and on
 * the embedded store (PostgreSQL compiled to WebAssembly, on one thread) planning the request path's long statements
 * costs more than running them. A generic plan can also be much slower for a statement whose best plan depends on its
 * values, so the choice is measured, not assumed: `trial` runs in each mode, the faster kept, and tried again every
 * `retrialEvery` runs as the data grows.
 */
export class PlanChoice {
  private runs = 0;
  private autoMs = 0;
  private genericMs = 0;
  private chosen: PlanMode = 'auto';

  constructor(
    private readonly trial = 10,
    private readonly retrialEvery = 1000,
  ) {}

  /**
   * A statement that always runs on its generic plan, untimed: one over arrays whose lengths vary from run to run (a
   * group's accepts), whose runs' times tell their sizes apart rather than their plans.
   */
  static generic(): PlanChoice {
    const choice = new PlanChoice(0);
    choice.chosen = 'generic';
    return choice;
  }

  /** The mode of the next run. */
  next(): PlanMode {
    const i = this.runs % this.retrialEvery;
    if (i < this.trial) return 'auto';
    if (i < 2 * this.trial) return 'generic';
    return this.chosen;
  }

  /** The mode chosen by the last trial (`auto` before the first ends), for runs that are not timed for the choice. */
  chosenMode(): PlanMode {
    return this.chosen;
  }

  /** Records the run just made in `next()`'s mode, and how long it took. */
  record(mode: PlanMode, ms: number): void {
    const i = this.runs % this.retrialEvery;
    this.runs++;
    if (i >= 2 * this.trial) return;
    if (mode === 'auto') this.autoMs += ms;
    else this.genericMs += ms;
    if (i === 2 * this.trial - 1) {
      this.chosen = this.genericMs < this.autoMs ? 'generic' : 'auto';
      this.autoMs = 0;
      this.genericMs = 0;
    }
  }
}
