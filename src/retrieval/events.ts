/**
 * What the retrieval engine tells the rest of the service. The webhook module subscribes to send
 * `company.updated`; until then nothing listens.
 */
export interface RequestEvents {
  /** A request's data changed (an item succeeded, failed or advanced). */
  requestUpdated(accountId: string, requestId: string): void;
}
