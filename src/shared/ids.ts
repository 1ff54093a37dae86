import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lower case

/**
 * Ids are `<prefix>_<time><random>`: sortable by creation time (10 characters of milliseconds) and
 * unguessable (16 characters, 80 bits, of randomness). The prefix says what the id names.
 */
export type IdKind =
  | 'acc'
  | 'usr'
  | 'key'
  | 'req'
  | 'led'
  | 'doc'
  | 'evt'
  | 'whe'
  | 'msg'
  | 'dlv'
  | 'mlog'
  | 'bev'
  | 'prc'
  | 'slt'
  | 'wsp'
  | 'bno'
  | 'bnn';

export function newId(kind: IdKind, nowMs = Date.now()): string {
  let time = '';
  let t = nowMs;
  for (let i = 0; i < 10; i++) {
    time = ALPHABET[t % 32] + time;
    t = Math.floor(t / 32);
  }
  const bytes = randomBytes(10);
  let rand = '';
  for (let i = 0; i < 16; i++) {
    // 16 symbols of 5 bits from 80 bits
    const bit = i * 5;
    const byte = bit >> 3;
    const shift = bit & 7;
    const word = ((bytes[byte] ?? 0) << 8) | (bytes[byte + 1] ?? 0);
    rand += ALPHABET[(word >> (11 - shift)) & 31];
  }
  return `${kind}_${time}${rand}`;
}
