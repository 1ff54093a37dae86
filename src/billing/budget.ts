/** The spend caps of a request (spec §4.2), in credit cents. `graphMaxBudget` belongs to the graph. */
export interface Budgets {
  maxBudget?: number;
  profileMaxBudget?: number;
}

export type BudgetCap = 'maxBudget' | 'profileMaxBudget';

/**
 * Admits billable units one at a time, in priority order, while they fit the request's caps. A unit that does
 * not fit is refused and the next one is still tried: a cheaper block further down may fit (the others
 * proceed). A unit that costs nothing (deduplicated, included, free) always fits.
 */
export class BudgetPlanner {
  private spent = 0;

  constructor(private readonly budgets: Budgets) {}

  /**
   * Counts the unit and returns undefined when it fits; otherwise returns the cap it would break and counts
   * nothing. `profile` marks a company-profile block.
   */
  take(cost: number, opts: { profile?: boolean } = {}): BudgetCap | undefined {
    if (cost === 0) return undefined;
    const { maxBudget, profileMaxBudget } = this.budgets;
    if (opts.profile && profileMaxBudget !== undefined && cost > profileMaxBudget) return 'profileMaxBudget';
    if (maxBudget !== undefined && this.spent + cost > maxBudget) return 'maxBudget';
    this.spent += cost;
    return undefined;
  }

  get total(): number {
    return this.spent;
  }
}
