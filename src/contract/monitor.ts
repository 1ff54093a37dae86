import { z } from 'zod';
import { Metadata, MetadataInput, SearchCountry, Timestamp } from './common.ts';
import { PageQuery } from './common.ts';

export const CHANGE_CATEGORIES = ['status', 'address', 'ownership', 'financial', 'legalRepresentatives', 'other', 'disappeared'] as const;
export const ChangeCategory = z.enum(CHANGE_CATEGORIES).meta({ id: 'ChangeCategory' });

export const MonitorCreateBody = z
  .object({
    companyId: z.string().trim().min(1).max(200),
    countryCode: SearchCountry,
    metadata: MetadataInput.optional(),
  })
  .strict()
  .meta({ id: 'MonitorCreate' });

export const Monitor = z
  .object({
    id: z.string().describe('CUID.'),
    companyId: z.string(),
    countryCode: z.string(),
    companyName: z.string().nullable().describe('Legal name at the latest check; null before the first check.'),
    lastFetchedAt: Timestamp.nullable().describe('When this monitor’s company was last checked (the incumbent’s name); null before.'),
    status: z.enum(['active', 'deactivated']),
    metadata: Metadata,
    createdAt: Timestamp,
    lastCheckedAt: Timestamp.optional(),
    nextCheckAt: Timestamp.optional().describe(
      'When the company is checked next; only on an active monitor of a company still in its register. Every company is checked daily; for a register with a change feed (GB: the streaming API; US-NY: the daily snapshot) this is the next read of the feed when that comes first, and the company is checked then when the register reported a change to it.',
    ),
    deactivatedAt: Timestamp.optional(),
  })
  .meta({ id: 'Monitor' });

export const MonitorListQuery = PageQuery.extend({
  companyId: z.string().max(200).optional(),
  countryCode: SearchCountry.optional(),
});

export const MonitorList = z.object({
  monitors: z.array(Monitor),
  total: z.number().int(),
  hasNextPage: z.boolean(),
  nextCursor: z.string().optional(),
});

export const MonitorLog = z
  .object({
    id: z.string(),
    changeDetected: z.boolean(),
    changeCategories: z.array(ChangeCategory),
    fetchStatus: z.enum(['success', 'not_found', 'error', 'error_final']),
    errorMessage: z.string().optional(),
    createdAt: Timestamp,
    readFrom: z
      .enum(['register', 'changeFeed'])
      .optional()
      .describe(
        'How the check knew: `register`, the company was read at its register (for `error`, the read tried); `changeFeed`, the ' +
          'register publishes its changes (GB’s streaming API, US-NY’s daily snapshot), its feed was complete past the check’s ' +
          'due time and did not name the company, so the last register read stands, unchanged, without a call. A company ' +
          'is read at its register at least every 30 days even while its feed confirms it. Absent on checks logged before this was kept.',
      ),
  })
  .meta({ id: 'MonitorLog' });

export const FieldChange = z.object({ path: z.string(), before: z.unknown(), after: z.unknown() }).meta({ id: 'FieldChange' });

export const MonitorNotification = z
  .object({
    type: z.literal('monitor.notification'),
    monitorId: z.string(),
    companyId: z.string(),
    countryCode: z.string(),
    timestamp: Timestamp,
    changeCategories: z.array(ChangeCategory),
    monitorHasBeenDeactivated: z.boolean(),
    metadata: Metadata,
    changes: z.array(FieldChange),
  })
  .meta({ id: 'MonitorNotification' });

export type ChangeCategory = z.infer<typeof ChangeCategory>;
export type Monitor = z.infer<typeof Monitor>;
export type MonitorLog = z.infer<typeof MonitorLog>;
export type MonitorNotification = z.infer<typeof MonitorNotification>;

export const MonitorParams = z.object({ id: z.string().min(1).max(100) });

export const MonitorLogList = z
  .object({
    logs: z.array(MonitorLog),
    hasNextPage: z.boolean(),
    nextCursor: z.string().optional().describe('Pass as `after` for the next page; absent on the last page.'),
  })
  .meta({ id: 'MonitorLogList' });

export const MonitorLogsQuery = z.object({
  first: z.coerce.number().int().min(1).max(200).default(25).describe('Page size, 1 to 200 (default 25).'),
  after: z.string().max(200).optional().describe('Cursor from the previous page (`nextCursor`).'),
});

export const RunChecksResult = z
  .object({
    checked: z.number().int().describe('Monitors whose check was recorded.'),
    changed: z.number().int().describe('Monitors that saw a change (each got a `monitor.notification`).'),
    deactivated: z.number().int().describe('Monitors deactivated because their company disappeared.'),
    failed: z.number().int().describe('Monitors whose check failed at the register (logged `error` or `error_final`).'),
  })
  .meta({ id: 'RunChecksResult' });
