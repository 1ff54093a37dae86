import { randomBytes } from 'node:crypto';
import type { SandboxLatency } from '../../../sandbox/store.ts';
import { PATHS } from '../labels.ts';
import type { JeRecord } from '../record.ts';
import type { RegistryEntity } from './directory.ts';
import { latencyFor } from './latency.ts';
import { composeReportMail } from './mail.ts';
import type { Pop3Mailbox } from './mailbox.ts';
import { renderReportPdf } from './report-pdf.ts';

/** How long an e-mailed link works (spec §8). */
export const LINK_VALIDITY_MS = 14 * 86_400_000;
const MAX_KEPT = 1000;

interface Delivered {
  number: string;
  record: JeRecord;
  reference: string;
  /** Service clock, when the mail was sent: the link is valid 14 days from then. */
  sentAtMs: number;
  pdf?: Promise<Buffer>;
}

export type Download = { status: 'ok'; pdf: Buffer } | { status: 'expired' } | { status: 'unknown' };

/**
 * The registry's report desk: an order is produced after the entity's report latency, then e-mailed to the address
 * given with the order. Mail for the emulated mailbox's address lands in it; mail for any other address leaves
 * the sandbox (it is dropped). The report shows the entity as it was when ordered.
 */
export class ReportDesk {
  private readonly delivered = new Map<string, Delivered>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private sequence = 0;

  constructor(private readonly opts: { latency: SandboxLatency; now: () => Date; mailbox: Pop3Mailbox; baseUrl: () => string }) {}

  /** Takes an order; returns its reference. */
  order(entity: RegistryEntity, email: string): string {
    const reference = `JFSC-R-${(++this.sequence).toString().padStart(6, '0')}-${randomBytes(3).toString('hex').toUpperCase()}`;
    const delay = latencyFor('report', entity.number, this.opts.latency, entity.stored);
    const deliver = () => this.deliver(entity, email, reference);
    if (delay <= 0) deliver();
    else {
      const timer = setTimeout(() => {
        this.timers.delete(timer);
        deliver();
      }, delay);
      timer.unref();
      this.timers.add(timer);
    }
    return reference;
  }

  /** The report behind a link token, while the link is valid. */
  async download(token: string): Promise<Download> {
    const d = this.delivered.get(token);
    if (!d) return { status: 'unknown' };
    if (this.opts.now().getTime() - d.sentAtMs > LINK_VALIDITY_MS) return { status: 'expired' };
    d.pdf ??= renderReportPdf(d.number, d.record, d.record.report, { reference: d.reference, producedAt: new Date(d.sentAtMs) });
    return { status: 'ok', pdf: await d.pdf };
  }

  stop(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
  }

  private deliver(entity: RegistryEntity, email: string, reference: string): void {
    const sentAt = this.opts.now();
    const token = randomBytes(18).toString('base64url');
    if (this.delivered.size >= MAX_KEPT) this.delivered.delete(this.delivered.keys().next().value!);
    this.delivered.set(token, { number: entity.number, record: entity.record, reference, sentAtMs: sentAt.getTime() });
    if (email.trim().toLowerCase() !== this.opts.mailbox.address.toLowerCase()) return;
    this.opts.mailbox.deliver(
      composeReportMail({
        to: email.trim(),
        name: entity.record.entity.name,
        number: entity.number,
        reference,
        link: `${this.opts.baseUrl()}${PATHS.reports}${token}`,
        validUntil: new Date(sentAt.getTime() + LINK_VALIDITY_MS),
        sentAt,
      }),
    );
  }
}
