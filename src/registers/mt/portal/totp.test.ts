import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { secretFromBase32, totpCode, totpMatches } from './totp.ts';

const ascii = (s: string) => new TextEncoder().encode(s);
/** RFC 6238 appendix B: the seeds of each hash, and the 8-digit passwords at each time (seconds). */
const SEEDS = {
  SHA1: ascii('12345678901234567890'),
  SHA256: ascii('12345678901234567890123456789012'),
  SHA512: ascii('1234567890123456789012345678901234567890123456789012345678901234'),
} as const;
const VECTORS: [number, Record<keyof typeof SEEDS, string>][] = [
  [59, { SHA1: '94287082', SHA256: '46119246', SHA512: '90693936' }],
  [1111111109, { SHA1: '07081804', SHA256: '68084774', SHA512: '25091201' }],
  [1111111111, { SHA1: '14050471', SHA256: '67062674', SHA512: '99943326' }],
  [1234567890, { SHA1: '89005924', SHA256: '91819424', SHA512: '93441116' }],
  [2000000000, { SHA1: '69279037', SHA256: '90698825', SHA512: '38618901' }],
  [20000000000, { SHA1: '65353130', SHA256: '77737706', SHA512: '47863826' }],
];

describe('TOTP (RFC 6238)', () => {
  it('gives the passwords of the RFC test vectors for SHA1, SHA256 and SHA512', () => {
    for (const [seconds, codes] of VECTORS) {
      for (const algorithm of ['SHA1', 'SHA256', 'SHA512'] as const) {
        assert.equal(totpCode(SEEDS[algorithm], seconds * 1000, { algorithm, digits: 8 }), codes[algorithm], `${algorithm} at ${seconds}`);
      }
    }
  });

  it('reads base32 secrets as enrolments show them, and refuses what is not base32', () => {
    // "12345678901234567890" in base32, written in groups and lower case.
    const secret = secretFromBase32('gezd gnbv gy3t qojq gezd gnbv gy3t qojq');
    assert.deepEqual(secret, SEEDS.SHA1);
    assert.equal(totpCode(secret, 59_000), '287082', 'six digits by default: the last six of the RFC password');
    assert.throws(() => secretFromBase32('not base32!'));
  });

  it('accepts the password of the current step and of one step either side, nothing further', () => {
    const at = 1_234_567_890_000;
    const code = totpCode(SEEDS.SHA1, at);
    assert.equal(totpMatches(SEEDS.SHA1, code, at), true);
    assert.equal(totpMatches(SEEDS.SHA1, code, at + 30_000), true);
    assert.equal(totpMatches(SEEDS.SHA1, code, at - 30_000), true);
    assert.equal(totpMatches(SEEDS.SHA1, code, at + 90_000), false);
    const wrong = code.slice(0, 5) + String((Number(code[5]) + 1) % 10);
    assert.equal(totpMatches(SEEDS.SHA1, wrong, at), false);
  });
});
