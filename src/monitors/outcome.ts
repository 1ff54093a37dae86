/** What a run of checks did. */
export interface CheckOutcome {
  /** Monitors whose check was recorded. */
  checked: number;
  changed: number;
  deactivated: number;
  failed: number;
}

export const NO_CHECK: CheckOutcome = { checked: 0, changed: 0, deactivated: 0, failed: 0 };
