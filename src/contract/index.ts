/** The public contract: zod schemas of every resource, the single source of validation, types and OpenAPI. */
export * from './common.ts';
export * from './company.ts';
export * from './individual.ts';
export * from './people.ts';
export * from './graph.ts';
export * from './documents.ts';
export * from './data-sources.ts';
export * from './errors.ts';
export * from './request.ts';
export * from './search.ts';
export * from './monitor.ts';
export * from './pricing.ts';
export * from './accounts.ts';
export * from './webhooks.ts';
export * from './billing.ts';
export * from './workspaces.ts';
export * from './billing-notifications.ts';
