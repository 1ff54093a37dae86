import { ORDER_REFERENCE_LABEL } from '../labels.ts';
import type { MailMessage } from './message.ts';

/** A report delivery as the registry e-mails it (registers/je.md §2). */
export interface ReportMail {
  orderReference: string;
  /** The registration number the subject names, when it does. */
  number?: string;
  /** The download link, valid 14 days. */
  link: string;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * Reads a registry e-mail: the order reference (subject "… - Order JFSC-R-…", or the body's "Order reference:"), the
 * number in brackets in the subject, and the download link (the first link whose path names a report). Undefined
 * for any other mail, which the connector leaves in the mailbox.
 */
export function readReportMail(msg: MailMessage): ReportMail | undefined {
  const reference =
    /\bOrder\s+([A-Z0-9][A-Z0-9-]{3,})\s*$/i.exec(msg.subject)?.[1] ??
    new RegExp(`${escapeRegExp(ORDER_REFERENCE_LABEL)}\\s*([A-Z0-9][A-Z0-9-]{3,})`, 'i').exec(msg.text)?.[1];
  const links = [...msg.hrefs, ...[...msg.text.matchAll(/https?:\/\/[^\s<>"']+/g)].map((m) => m[0])];
  const link = links.find((l) => /\/reports?\//i.test(new URL(l, 'http://x').pathname));
  if (!reference || !link) return undefined;
  const number = /\((\d{4,7})\)/.exec(msg.subject)?.[1];
  return { orderReference: reference.toUpperCase(), ...(number ? { number } : {}), link };
}
