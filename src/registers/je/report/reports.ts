import { RegisterError } from '../../errors.ts';
import { extractReport, type ExtractedReport } from '../extract/report.ts';
import type { ReportMailbox } from '../mail/report-mailbox.ts';
import type { RegistryClient } from '../registry/client.ts';

/** A downloaded and read entity profile report. */
export interface ProfileReport {
  pdf: Uint8Array;
  fields: ExtractedReport;
  reference: string;
  /** Service clock, when it arrived. */
  receivedAt: Date;
}

export interface ReportTimings {
  /** How long one caller waits for a report before its attempt fails as retryable (the order keeps running). */
  attemptWaitMs: number;
  /** How long an order may take before it is given up and the next attempt orders again (spec: up to 30 minutes). */
  orderTimeoutMs: number;
  /** How long a received report serves later calls: the data points of one request share one report. */
  reuseMs: number;
}

interface Order {
  orderedAt: Date;
  reference?: string;
  promise: Promise<ProfileReport>;
}

const SOURCE = 'JE entity profile report';
/** Reports kept for reuse, oldest dropped first (PDFs are some kilobytes each). */
const MAX_KEPT = 200;

/**
 * Gets entity profile reports the way the registry sells them (registers/je.md §2): order on the entity's page, wait
 * for the e-mail in the report mailbox, download the PDF from its link, read it. One order per entity at a time, shared
 * by every caller; a caller that cannot wait longer fails with a retryable `service_unavailable` while the order keeps
 * running, so that the verification job's next attempt picks up the same order instead of placing another.
 */
export class ProfileReports {
  private readonly orders = new Map<string, Order>();
  private readonly received = new Map<string, ProfileReport>();

  constructor(
    private readonly deps: {
      registry: RegistryClient;
      /** Undefined in live mode without a configured mailbox: reports cannot be received. */
      mailbox: () => Promise<{ box: ReportMailbox; address: string } | undefined>;
      now: () => Date;
      timings: ReportTimings;
    },
  ) {}

  async get(number: string, signal: AbortSignal): Promise<ProfileReport> {
    const now = this.deps.now().getTime();
    const recent = this.received.get(number);
    if (recent && now - recent.receivedAt.getTime() < this.deps.timings.reuseMs) return recent;
    let order = this.orders.get(number);
    if (!order) {
      order = this.place(number);
      this.orders.set(number, order);
    }
    return this.await(order, signal);
  }

  private place(number: string): Order {
    const order: Order = { orderedAt: this.deps.now(), promise: undefined as never };
    // Not tied to any caller's signal: a caller that gives up must not cancel the order for the others.
    const signal = AbortSignal.timeout(this.deps.timings.orderTimeoutMs);
    order.promise = (async () => {
      const mailbox = await this.deps.mailbox();
      if (!mailbox) {
        throw new RegisterError(
          'service_unavailable',
          'no report mailbox is configured (JE_MAILBOX_HOST, JE_REPORT_EMAIL): entity profile reports cannot be received',
          false,
          SOURCE,
        );
      }
      order.reference = await this.deps.registry.orderReport(number, mailbox.address, signal);
      const mail = await mailbox.box.waitFor(order.reference, signal).catch((err) => {
        if (!signal.aborted) throw err;
        const why = mailbox.box.lastProblem ? ` (mailbox: ${mailbox.box.lastProblem})` : '';
        throw RegisterError.unavailable(
          `report order ${order.reference} was not delivered within ${Math.round(this.deps.timings.orderTimeoutMs / 60_000)} minutes${why}`,
          SOURCE,
        );
      });
      if (mail.number && mail.number !== number) {
        throw new RegisterError(
          'processing_failed',
          `the report mail of order ${order.reference} names entity ${mail.number}, not ${number}`,
          false,
          SOURCE,
        );
      }
      const pdf = await this.deps.registry.download(mail.link, signal);
      const report: ProfileReport = { pdf, fields: await extractReport(pdf), reference: order.reference, receivedAt: this.deps.now() };
      this.received.delete(number);
      if (this.received.size >= MAX_KEPT) this.received.delete(this.received.keys().next().value!);
      this.received.set(number, report);
      return report;
    })().finally(() => this.orders.delete(number));
    order.promise.catch(() => undefined); // failures reach the callers waiting; none may be left
    return order;
  }

  /** Waits for an order on behalf of one caller, at most `attemptWaitMs` and never past the caller's signal. */
  private await(order: Order, signal: AbortSignal): Promise<ProfileReport> {
    if (signal.aborted) return Promise.reject(signal.reason);
    return new Promise<ProfileReport>((resolve, reject) => {
      const timer = setTimeout(() => {
        cleanup();
        const ordered = order.orderedAt.toISOString();
        reject(
          RegisterError.unavailable(
            `the entity profile report ordered at ${ordered}${order.reference ? ` (order ${order.reference})` : ''} has not arrived yet; it usually takes about a minute, at most 30`,
            SOURCE,
          ),
        );
      }, this.deps.timings.attemptWaitMs);
      timer.unref();
      const onAbort = () => {
        cleanup();
        reject(signal.reason);
      };
      const cleanup = () => {
        clearTimeout(timer);
        signal.removeEventListener('abort', onAbort);
      };
      signal.addEventListener('abort', onAbort, { once: true });
      order.promise.then(
        (r) => (cleanup(), resolve(r)),
        (e) => (cleanup(), reject(e)),
      );
    });
  }
}
