import type { RequestRow } from '../requests/types.ts';
import { EventBus } from '../shared/events.ts';

/**
 * What modules tell each other once they are wired. A request item settled: it may have charged the account
 * (billing notifications) and may have been the last one open (the agentic enrichment).
 */
export type ServiceEvents = {
  itemSettled: (request: RequestRow) => void | Promise<void>;
};

export const createServiceEvents = () => new EventBus<ServiceEvents>();
