import type { StatementPartBuilder } from '../store/statement.ts';

/**
 * What the retrieval engine tells the rest of the service. The webhook module subscribes to send
 * `company.updated`; until then nothing listens.
 */
export interface RequestEvents {
  /**
   * A request's data changed (an item succeeded, failed or advanced). `listened`: what `listenersPart` read in the
   * transaction of the change, when the change was read with it; otherwise the listener finds out itself.
   */
  requestUpdated(accountId: string, requestId: string, listened?: boolean): void;
  /**
   * A part for the statement that reads a request's items as its outcome settles: whether anyone listens to the
   * account's changes, read with the items instead of in a round trip of its own after every settlement.
   */
  listenersPart?(accountId: string): { with: StatementPartBuilder; select: string; read(row: object): boolean };
}
