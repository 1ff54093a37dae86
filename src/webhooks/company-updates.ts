import type { RequestEvents } from '../retrieval/events.ts';
import { announcementFingerprint, stateVersionOf } from './announcement.ts';
import type { Clock } from '../shared/clock.ts';
import type { WebhookDispatcher } from './delivery.ts';
import type { RequestVersions } from './repository/request-versions.ts';

/** Builds the `GET /v2/company/{requestId}` response of a request; injected at composition. */
export type CompanyPayload = (accountId: string, requestId: string) => Promise<object>;

export const COMPANY_UPDATED = 'company.updated';
/** How far back a start looks for lost events: the webhook horizon (about 3 days of retries). */
const CATCH_UP_WINDOW_MS = 3 * 86_400_000;
const CATCH_UP_BATCH = 1000;

/**
 * `company.updated` (spec §6.1): the request engine reports a change; the payload is the request's GET
 * response plus `type`. The request's `updated_at` is read before the payload is built, so the payload
 * reflects at least that version, and a message per (request, version) is recorded once; a message whose content
 * (its fingerprint, see announcement.ts) was already announced for the request is not recorded at all.
 *
 * Changes that arrive while an emission for the same request is running are folded into one more emission
 * afterwards: the receiver still gets the latest state, without one payload build per settled item.
 * The engine's callback is fire-and-forget, so a crash between a change and its message could lose the
 * event; `catchUp` (at start) emits the latest state of every request changed without a message since.
 */
export class CompanyUpdates implements RequestEvents {
  private readonly running = new Map<string, { again: boolean; done: Promise<void> }>();

  constructor(
    private readonly dispatcher: WebhookDispatcher,
    private readonly versions: RequestVersions,
    private readonly payload: CompanyPayload,
    private readonly clock: Clock,
    private readonly onError: (err: unknown) => void,
  ) {}

  requestUpdated(accountId: string, requestId: string, listened?: boolean): void {
    const key = `${accountId}:${requestId}`;
    const current = this.running.get(key);
    if (current) {
      current.again = true;
      return;
    }
    // Nobody listened when the change was made (read in its transaction): nothing to emit, no statement to find out.
    if (listened === false) return;
    const state = { again: false, done: Promise.resolve() };
    state.done = (async () => {
      try {
        do {
          state.again = false;
          await this.emit(accountId, requestId).catch(this.onError);
        } while (state.again);
      } finally {
        this.running.delete(key);
      }
    })();
    this.running.set(key, state);
  }

  listenersPart(accountId: string) {
    return this.dispatcher.endpointsPart(accountId);
  }

  /** Emits the current state of a request; undefined when the account has no endpoint or the state was sent. */
  async emit(accountId: string, requestId: string): Promise<string | undefined> {
    if (!(await this.dispatcher.hasEndpoints(accountId))) return undefined;
    const version = await this.versions.of(requestId);
    if (!version) return undefined;
    const payload = await this.payload(accountId, requestId);
    // The payload may reflect a later state than `version` (a change landed while it was built): record the state it
    // shows, so the emission that change triggers finds it announced. A payload whose content was announced before
    // (same fingerprint) is no news and is not staged: the store's unique index decides, across processes and restarts.
    const shown = stateVersionOf(payload);
    return this.dispatcher.emit(accountId, COMPANY_UPDATED, payload, {
      subject: requestId,
      version: shown && shown > version ? shown : version,
      fingerprint: announcementFingerprint(payload),
    });
  }

  /** Emits the events lost by a stopped process (see the class comment). Returns how many. */
  async catchUp(): Promise<number> {
    const since = new Date(this.clock.nowMs() - CATCH_UP_WINDOW_MS);
    let count = 0;
    for (;;) {
      const missed = await this.versions.missed(since, CATCH_UP_BATCH);
      let emitted = 0;
      for (const { accountId, requestId } of missed) if (await this.emit(accountId, requestId)) emitted++;
      count += emitted;
      // A batch that emitted nothing (states changing under us) must not loop for ever.
      if (missed.length < CATCH_UP_BATCH || emitted === 0) return count;
    }
  }

  /** Waits for the emissions in flight (before the store closes). */
  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running.values()].map((s) => s.done));
  }
}
