import { decodeCharset, decodeHeaderWords, decodeQuotedPrintable } from './mime.ts';

/** What the connector needs of an e-mail: its headers and its readable text. */
export interface MailMessage {
  headers: Map<string, string>;
  subject: string;
  /** The text/plain part, else the text/html part with its tags removed. */
  text: string;
  /** Link targets of the text/html part, if any. */
  hrefs: string[];
}

interface Part {
  headers: Map<string, string>;
  body: string;
}

function splitPart(raw: string): Part {
  const normalised = raw.replace(/\r\n/g, '\n');
  const end = normalised.indexOf('\n\n');
  const head = end < 0 ? normalised : normalised.slice(0, end);
  const body = end < 0 ? '' : normalised.slice(end + 2);
  const headers = new Map<string, string>();
  // Folded header lines (RFC 5322 §2.2.3) continue the previous one.
  for (const line of head.replace(/\n[ \t]+/g, ' ').split('\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return { headers, body };
}

/** A header parameter: boundary, charset. */
function param(header: string | undefined, name: string): string | undefined {
  const m = new RegExp(`;\\s*${name}\\s*=\\s*(?:"([^"]*)"|([^;\\s]+))`, 'i').exec(header ?? '');
  return m ? (m[1] ?? m[2]) : undefined;
}

function decodeBody(part: Part): string {
  const encoding = (part.headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  const bytes =
    encoding === 'quoted-printable'
      ? decodeQuotedPrintable(part.body)
      : encoding === 'base64'
        ? Buffer.from(part.body.replace(/\s+/g, ''), 'base64')
        : Buffer.from(part.body, 'latin1');
  return decodeCharset(bytes, param(part.headers.get('content-type'), 'charset'));
}

/** The leaf parts of a message, depth first (multipart/alternative, mixed, related…). */
function leaves(part: Part): Part[] {
  const type = part.headers.get('content-type') ?? 'text/plain';
  const boundary = param(type, 'boundary');
  if (!/^multipart\//i.test(type) || !boundary) return [part];
  const sections = part.body.split(new RegExp(`^--${boundary.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?:--)?[ \\t]*$`, 'm'));
  // The preamble before the first boundary and the epilogue after the last are not parts.
  return sections.slice(1, -1).flatMap((s) => leaves(splitPart(s.replace(/^\n/, ''))));
}

const decodeEntities = (s: string) =>
  s
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');

/** Parses an RFC 5322 message as a POP3 server returns it (CRLF or LF line ends). */
export function parseMessage(raw: string): MailMessage {
  const top = splitPart(raw);
  const parts = leaves(top);
  const typeOf = (p: Part) => (p.headers.get('content-type') ?? 'text/plain').toLowerCase();
  const plain = parts.find((p) => typeOf(p).startsWith('text/plain'));
  const html = parts.find((p) => typeOf(p).startsWith('text/html'));
  const htmlText = html ? decodeBody(html) : '';
  const hrefs = [...htmlText.matchAll(/href\s*=\s*"([^"]+)"/gi)].map((m) => decodeEntities(m[1]!));
  const text = plain ? decodeBody(plain) : decodeEntities(htmlText.replace(/<(br|\/p|\/div|\/tr)[^>]*>/gi, '\n').replace(/<[^>]+>/g, ' '));
  return { headers: top.headers, subject: decodeHeaderWords(top.headers.get('subject') ?? ''), text, hrefs };
}
