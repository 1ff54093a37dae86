import { z } from 'zod';
import { Timestamp } from './common.ts';

/** Headers that name the workspace of a request: the incumbent's, and ours (CONTRACT §4). Value: its name or id. */
export const WORKSPACE_HEADERS = ['x-topograph-workspace', 'x-workspace-id', 'x-workspace'] as const;

const WorkspaceName = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-zA-Z0-9_-]+$/, 'letters, digits, - and _ only')
  .describe('Unique among the account’s workspaces; what a request names in the `x-topograph-workspace` header.');

export const WorkspaceCreateBody = z
  .object({
    name: WorkspaceName,
    legalName: z.string().trim().min(1).max(255).describe('Display name used in usage reports and invoices.'),
  })
  .meta({ id: 'WorkspaceCreate' });

export const WorkspaceUpdateBody = z.object({ legalName: z.string().trim().min(1).max(255).optional() }).meta({ id: 'WorkspaceUpdate' });

export const WorkspaceParams = z.object({ name: z.string().min(1).max(100).describe('The workspace’s name (or id).') });

export const WorkspaceView = z
  .object({ id: z.string(), name: z.string(), legalName: z.string(), createdAt: Timestamp, updatedAt: Timestamp })
  .meta({ id: 'Workspace' });
export type WorkspaceView = z.infer<typeof WorkspaceView>;

export const WorkspaceList = z.object({ workspaces: z.array(WorkspaceView) }).meta({ id: 'WorkspaceList' });

const DateOrTimestamp = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T[\d:.]+(Z|[+-]\d{2}:\d{2}))?$/, 'a date (YYYY-MM-DD) or an ISO 8601 timestamp')
  .refine((s) => !Number.isNaN(Date.parse(s)), 'not a real date');

export const WorkspaceUsageQuery = z.object({
  startDate: DateOrTimestamp.optional().describe('Start of the period (inclusive); default the first day of the current month (UTC).'),
  endDate: DateOrTimestamp.optional().describe('End of the period; a date includes its whole day. Default now.'),
  workspace: z.string().min(1).max(100).optional().describe('Only this workspace (name or id).'),
});

export const WorkspaceUsageReport = z
  .object({
    startDate: Timestamp,
    endDate: Timestamp,
    currency: z.literal('credit_cents'),
    totalInCreditCents: z.number().int(),
    workspaces: z.array(
      z.object({
        workspace: WorkspaceView.nullable().describe('null: requests made without a workspace.'),
        requests: z.number().int().describe('Requests created in the period.'),
        chargedInCreditCents: z.number().int(),
        charged: z.number().int().describe('Billing events charged.'),
        deduplicated: z.number().int(),
        included: z.number().int(),
      }),
    ),
  })
  .meta({ id: 'WorkspaceUsageReport' });
