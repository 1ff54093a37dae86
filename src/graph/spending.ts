/** The money limits that stop a graph: its own cap, the request's cap, the account's balance. */
export type MoneyStop = 'graph_budget' | 'max_budget' | 'insufficient_funds';

/** What was left of each limit when the graph (re)started, in credit cents; undefined: no such limit. */
export interface RoomLeft {
  /** graphMaxBudget less what this graph had already charged. */
  graphMaxBudget?: number;
  /** maxBudget less what the request has committed (its other units' holds and charges, and the graph's charges). */
  maxBudget?: number;
  /** The account's balance, net of holds. */
  balance?: number;
}

/**
 * The graph's spending as it expands, checked before each fetch so that no register is called for work that cannot
 * be paid. The charge itself is checked again, under locks, when it is made (GraphBilling).
 */
export class SpendingRoom {
  private spent = 0;

  constructor(private readonly left: RoomLeft) {}

  /** The limit `cost` would break, or undefined when it fits. Free work always fits. */
  refusal(cost: number): MoneyStop | undefined {
    if (cost === 0) return undefined;
    const after = this.spent + cost;
    if (this.left.graphMaxBudget !== undefined && after > this.left.graphMaxBudget) return 'graph_budget';
    if (this.left.maxBudget !== undefined && after > this.left.maxBudget) return 'max_budget';
    if (this.left.balance !== undefined && after > this.left.balance) return 'insufficient_funds';
    return undefined;
  }

  take(cost: number): void {
    this.spent += cost;
  }
}
