/**
 * The values the fuzz test's requests (fuzz-requests.ts) are made of beside those that fit the schemas: a seeded PRNG,
 * and strings, numbers, cursors and path segments that a service must refuse cleanly.
 */

export type Rng = () => number;

/** mulberry32: small, fast and good enough to pick test values. */
export function prng(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Stands for bytes that are not UTF-8 inside a JSON string; swapped for them once the body is serialised. */
export const INVALID_UTF8 = '\uE000not-utf8\uE000';
export const INVALID_UTF8_BYTES = Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0xed, 0xa0, 0x80]);

export const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u0007\b\u001b[31m\u007f',
  '\r\n\t',
  '\ud800',
  'x\udfffy',
  INVALID_UTF8,
  '\u202e\u200b\ufeff',
  '𝔘𝔫𝔦𝔠𝔬𝔡𝔢 😀 公司 Ωμέγα',
  '../../../../etc/passwd',
  '..',
  '%00',
  '%',
  "'; drop table accounts; --",
  '" OR 1=1 --',
  '$1',
  '\\',
  '{"$ne":null}',
  '<script>alert(1)</script>',
  '$' + '{jndi:ldap://x}',
  '__proto__',
  'constructor',
  'A'.repeat(10_000),
  'é'.repeat(3_000),
  '9'.repeat(400),
  '-1',
  '1e999',
  'NaN',
  'null',
  'true',
  '0x10',
  '2024-13-45',
  '0000-00-00T25:61:61Z',
  '+275760-09-13T00:00:00.001Z',
  'TEST:',
  'TEST:\u0000',
];

export const HOSTILE_NUMBERS = [-1, -0, 0.5, 1.5, -1e-9, 1e308, -1e308, 2 ** 53, 2 ** 53 + 2, 2 ** 31, 2 ** 63, 1e21, 8.64e15 + 1];

/** Cursors that decode (base64url JSON) to positions that are not positions, and ones that do not decode. */
export const HOSTILE_CURSORS = [
  'not-a-cursor',
  '!!!!',
  '',
  b64([1e20, 'x']),
  b64([-1e20, 'x']),
  b64([8.64e15 + 1, 'x']),
  b64([1.5, 'x']),
  b64([0, 'a\u0000b']),
  b64([0, 'x'.repeat(5000)]),
  b64([0, 7]),
  b64({ createdAt: 0, id: 'x' }),
  b64('[0,"x"'),
  b64(null),
];

function b64(value: unknown): string {
  return Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
}

/** Path segments: `%`-sequences are sent as written, so some are deliberately malformed or dangerous. */
export const HOSTILE_SEGMENTS = [
  '%00',
  'a%00b',
  '%',
  '%zz',
  '%E0%A4%A',
  '..',
  '%2e%2e',
  '.',
  '%2F',
  'a%2Fb',
  '%20',
  '%0A',
  '%7F',
  '%C0%AE',
  '%FF',
  '%ED%A0%80',
  encodeURIComponent('公司😀'),
  'x'.repeat(5_000),
  '9'.repeat(120),
  '-1',
  'null',
  'undefined',
  '__proto__',
  "'",
  '%27%20OR%201%3D1',
];
