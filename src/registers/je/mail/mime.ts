/**
 * The parts of MIME (RFC 2045, 2047) that report e-mails use: quoted-printable bodies and encoded-word headers.
 * Both directions live here: the emulator writes mail as a mail server would, the connector reads it.
 */

const MAX_LINE = 76;

/** Quoted-printable (RFC 2045 §6.7) of UTF-8 text, CRLF line breaks, soft breaks keeping lines within 76 characters. */
export function encodeQuotedPrintable(text: string): string {
  const out: string[] = [];
  for (const line of text.split(/\r?\n/)) {
    let current = '';
    const bytes = Buffer.from(line, 'utf8');
    bytes.forEach((b, i) => {
      const last = i === bytes.length - 1;
      const literal = (b >= 33 && b <= 126 && b !== 61) || ((b === 32 || b === 9) && !last);
      const piece = literal ? String.fromCharCode(b) : `=${b.toString(16).toUpperCase().padStart(2, '0')}`;
      if (current.length + piece.length > MAX_LINE - 1) {
        out.push(`${current}=`);
        current = '';
      }
      current += piece;
    });
    out.push(current);
  }
  return out.join('\r\n');
}

export function decodeQuotedPrintable(text: string): Buffer {
  const joined = text.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < joined.length; i++) {
    const c = joined[i]!;
    const hex = c === '=' ? joined.slice(i + 1, i + 3) : '';
    if (/^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(c, 'latin1'));
  }
  return Buffer.from(bytes);
}

/** A header value as an RFC 2047 encoded word when it is not plain ASCII. */
export function encodeHeaderWord(value: string): string {
  return /^[\x20-\x7E]*$/.test(value) ? value : `=?UTF-8?B?${Buffer.from(value, 'utf8').toString('base64')}?=`;
}

/** Decodes the RFC 2047 encoded words of a header value (B and Q encodings). */
export function decodeHeaderWords(value: string): string {
  return value
    .replace(/(\?=)\s+(=\?)/g, '$1$2') // whitespace between adjacent encoded words is not part of the text
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_, charset: string, enc: string, data: string) => {
      const bytes = enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64') : decodeQuotedPrintable(data.replace(/_/g, ' '));
      return decodeCharset(bytes, charset);
    });
}

export function decodeCharset(bytes: Buffer, charset = 'utf-8'): string {
  try {
    return new TextDecoder(charset.trim().toLowerCase() || 'utf-8').decode(bytes);
  } catch {
    return bytes.toString('latin1');
  }
}
