/** A workspace of an account: requests name one, and their usage is reported under it. */
export interface Workspace {
  id: string;
  name: string;
  legalName: string;
  createdAt: Date;
  updatedAt: Date;
}

/** One workspace's billed usage over a period (`workspace: null` for requests made without one). */
export interface WorkspaceUsage {
  workspace: Workspace | null;
  requests: number;
  chargedInCreditCents: number;
  charged: number;
  deduplicated: number;
  included: number;
}
