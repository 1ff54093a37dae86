import { isIPv4, isIPv6 } from 'node:net';

/**
 * The IPv4 addresses an IPv6 address carries, for the translation and tunnelling mechanisms that deliver to them:
 * a packet to `[64:ff9b::a9fe:a9fe]` reaches 169.254.169.254 behind a NAT64 gateway, so the guard checks the IPv4
 * address too. Forms (RFC 4291, 6052, 8215, 3056, 4380, 2765):
 * - IPv4-compatible `::a.b.c.d` (deprecated; `::` and `::1` are IPv6's own and left alone) and IPv4-mapped
 *   `::ffff:a.b.c.d`, and IPv4-translated `::ffff:0:a.b.c.d`: the last 32 bits;
 * - NAT64 well-known prefix 64:ff9b::/96: the last 32 bits;
 * - NAT64 local-use prefix 64:ff9b:1::/48: the operator picks the prefix length (/48 to /96), so every position
 *   RFC 6052 allows for it;
 * - 6to4 2002::/16: bits 16 to 47;
 * - Teredo 2001:0::/32: the client's address, the last 32 bits inverted.
 */
export function embeddedIPv4(address: string): string[] {
  const b = ipv6Bytes(address);
  if (!b) return [];
  const at = (...i: number[]) => i.map((n) => b[n]).join('.');
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const word = (i: number) => (b[i]! << 8) | b[i + 1]!;
  const last = at(12, 13, 14, 15);
  if (zero(0, 10)) {
    if (word(10) === 0xffff) return [last];
    if (word(10) === 0 && !(zero(12, 15) && b[15]! <= 1)) return [last]; // ::a.b.c.d, not :: or ::1
    return [];
  }
  if (zero(0, 8) && word(8) === 0xffff && word(10) === 0) return [last];
  if (word(0) === 0x64 && word(2) === 0xff9b && zero(4, 12)) return [last];
  if (word(0) === 0x64 && word(2) === 0xff9b && word(4) === 1) {
    // RFC 6052 §2.2: bits 64 to 71 (byte 8) are skipped; /48, /56, /64 and /96 layouts.
    return [...new Set([at(6, 7, 9, 10), at(7, 9, 10, 11), at(9, 10, 11, 12), last])];
  }
  if (word(0) === 0x2002) return [at(2, 3, 4, 5)];
  if (word(0) === 0x2001 && word(2) === 0)
    return [
      b
        .slice(12, 16)
        .map((x) => x ^ 0xff)
        .join('.'),
    ];
  return [];
}

/** The 16 bytes of an IPv6 address (text form, with or without an embedded dotted quad), or undefined. */
export function ipv6Bytes(address: string): number[] | undefined {
  if (!isIPv6(address)) return undefined;
  let text = address.replace(/%.*$/, '');
  // A dotted-quad tail is two 16-bit groups.
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad && isIPv4(quad[1]!)) {
    const [p, q, r, s] = quad[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -quad[1]!.length)}${((p << 8) | q).toString(16)}:${((r << 8) | s).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const groups = (s: string | undefined) => (s ? s.split(':').map((g) => Number.parseInt(g, 16)) : []);
  const left = groups(head);
  const right = groups(tail);
  const words = tail === undefined ? left : [...left, ...new Array(8 - left.length - right.length).fill(0), ...right];
  if (words.length !== 8) return undefined;
  return words.flatMap((w) => [w >> 8, w & 0xff]);
}
