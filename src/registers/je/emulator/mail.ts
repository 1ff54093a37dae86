import { randomBytes } from 'node:crypto';
import { ORDER_REFERENCE_LABEL } from '../labels.ts';
import { formatRegistryDate } from '../mapping/dates.ts';
import { encodeHeaderWord, encodeQuotedPrintable } from '../mail/mime.ts';

export const REGISTRY_SENDER = 'registry-noreply@jerseyfsc.org';

export interface ReportDelivery {
  to: string;
  name: string;
  number: string;
  reference: string;
  link: string;
  validUntil: Date;
  sentAt: Date;
}

/**
 * The e-mail the registry sends when a report is ready: multipart/alternative (plain text and HTML), quoted-printable,
 * the subject naming the entity and the order, the link valid 14 days. CRLF line ends, as on the wire.
 */
export function composeReportMail(d: ReportDelivery): string {
  const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
  const boundary = `=_jfsc_${randomBytes(8).toString('hex')}`;
  const until = formatRegistryDate(d.validUntil.toISOString().slice(0, 10));
  const plain = [
    'Dear customer,',
    '',
    `The entity profile report you ordered for ${d.name} (registration number ${d.number}) is ready.`,
    `Download it from the link below. The link is valid for 14 days, until ${until}.`,
    '',
    d.link,
    '',
    `${ORDER_REFERENCE_LABEL} ${d.reference}`,
    '',
    'This report is not certified. Jersey Financial Services Commission, Companies Registry',
  ].join('\n');
  const html = `<html><body><p>Dear customer,</p><p>The entity profile report you ordered for <strong>${esc(d.name)}</strong> (registration number ${d.number}) is ready.</p>
<p><a href="${esc(d.link)}">Download your report</a> (valid until ${until}).</p><p>${ORDER_REFERENCE_LABEL} ${d.reference}</p></body></html>`;
  const headers = [
    `Return-Path: <${REGISTRY_SENDER}>`,
    `Message-ID: <${d.reference}.${d.sentAt.getTime()}@registry.jerseyfsc.org>`,
    `Date: ${d.sentAt.toUTCString().replace('GMT', '+0000')}`,
    `From: "JFSC Companies Registry" <${REGISTRY_SENDER}>`,
    `To: <${d.to}>`,
    `Subject: ${encodeHeaderWord(`Entity profile report: ${d.name} (${d.number}) - Order ${d.reference}`)}`,
    'MIME-Version: 1.0',
    `Content-Type: multipart/alternative; boundary="${boundary}"`,
  ];
  const part = (type: string, body: string) =>
    [
      `--${boundary}`,
      `Content-Type: ${type}; charset=utf-8`,
      'Content-Transfer-Encoding: quoted-printable',
      '',
      encodeQuotedPrintable(body),
    ].join('\r\n');
  return [
    ...headers,
    '',
    'This is a multi-part message in MIME format.',
    part('text/plain', plain),
    part('text/html', html),
    `--${boundary}--`,
    '',
  ].join('\r\n');
}
