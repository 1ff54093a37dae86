import { RegisterError } from '../../errors.ts';
import { parseMessage } from './message.ts';
import { MailboxBusy, Pop3Session, type MailboxConfig } from './pop3-client.ts';
import { readReportMail, type ReportMail } from './report-mail.ts';

interface Waiter {
  resolve: (mail: ReportMail) => void;
  reject: (err: unknown) => void;
}

/** Report mails read but not yet asked for are kept this long, so that a waiter arriving late still finds its mail. */
const MAX_UNCLAIMED = 500;
const SESSION_TIMEOUT_MS = 60_000;

/**
 * Waits for report deliveries in the mailbox the registry e-mails. One polling loop per mailbox runs while anyone
 * waits: each round is one short POP3 session (the maildrop is locked while it lasts) that reads the mails it has not
 * read yet, hands report mails to their waiters by order reference and deletes those. Mails of orders nobody here
 * waits for stay in the mailbox: another process of the service may have ordered them.
 */
export class ReportMailbox {
  private readonly waiters = new Map<string, Waiter>();
  private readonly unclaimed = new Map<string, { mail: ReportMail; uid: string }>();
  /** Unique ids of every mail read, so that each is fetched once. */
  private readonly seen = new Set<string>();
  /** Mails handed to a waiter from `unclaimed`: deleted in the next session. */
  private readonly toDelete = new Set<string>();
  private loop: Promise<void> | undefined;
  /** Why the last round failed, for the message of a report that is late. */
  lastProblem: string | undefined;

  constructor(
    private readonly config: () => Promise<MailboxConfig>,
    private readonly pollMs: number,
  ) {}

  /** Resolves with the delivery of an order; rejects when the signal aborts or the mailbox cannot be used at all. */
  waitFor(reference: string, signal: AbortSignal): Promise<ReportMail> {
    const key = reference.toUpperCase();
    const early = this.unclaimed.get(key);
    if (early) {
      this.unclaimed.delete(key);
      this.toDelete.add(early.uid);
      return Promise.resolve(early.mail);
    }
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<ReportMail>((resolve, reject) => {
      const onAbort = () => {
        this.waiters.delete(key);
        reject(signal.reason);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      const done = () => signal.removeEventListener('abort', onAbort);
      this.waiters.set(key, {
        resolve: (m) => (done(), resolve(m)),
        reject: (e) => (done(), reject(e)),
      });
      this.loop ??= this.run().finally(() => (this.loop = undefined));
    });
  }

  private async run(): Promise<void> {
    while (this.waiters.size > 0) {
      try {
        await this.round();
        this.lastProblem = undefined;
      } catch (err) {
        if (err instanceof RegisterError && !err.retryable) {
          for (const [key, w] of this.waiters) {
            this.waiters.delete(key);
            w.reject(err);
          }
          return;
        }
        // Busy or briefly unreachable: the next round tries again.
        this.lastProblem = err instanceof MailboxBusy ? 'the mailbox was locked by another session' : (err as Error).message;
      }
      // Unref'd: a wait for a report must not keep a stopping process alive.
      if (this.waiters.size > 0) await new Promise((resolve) => setTimeout(resolve, this.pollMs).unref());
    }
  }

  /** One POP3 session: delete what was claimed, read what is new, hand out report mails. */
  private async round(): Promise<void> {
    const session = await Pop3Session.open(await this.config(), AbortSignal.timeout(SESSION_TIMEOUT_MS));
    try {
      const list = await session.uidl();
      const present = new Set(list.map((m) => m.uid));
      for (const uid of [...this.seen]) if (!present.has(uid)) this.seen.delete(uid);
      for (const uid of [...this.toDelete]) if (!present.has(uid)) this.toDelete.delete(uid);
      for (const { n, uid } of list) {
        if (this.toDelete.has(uid)) {
          await session.dele(n);
          continue;
        }
        if (this.seen.has(uid)) continue;
        this.seen.add(uid);
        const mail = readReportMail(parseMessage(await session.retr(n)));
        if (!mail) continue;
        const waiter = this.waiters.get(mail.orderReference);
        if (waiter) {
          await session.dele(n);
          this.waiters.delete(mail.orderReference);
          waiter.resolve(mail);
        } else {
          if (this.unclaimed.size >= MAX_UNCLAIMED) this.unclaimed.delete(this.unclaimed.keys().next().value!);
          this.unclaimed.set(mail.orderReference, { mail, uid });
        }
      }
      await session.quit();
    } catch (err) {
      session.abort();
      throw err;
    }
  }
}
