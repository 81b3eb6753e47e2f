import { describe, expect, it } from 'vitest';
import {
  base32Decode,
  base32Encode,
  hotp,
  newTotpSecret,
  otpauthUrl,
  totp,
  verifyTotp,
} from '../../../server/auth/totp.ts';

const SHA1_KEY = Buffer.from('12345678901234567890');
const SHA1_SECRET = base32Encode(SHA1_KEY);
const SHA256_SECRET = base32Encode(Buffer.from('12345678901234567890123456789012'));

describe('TOTP (RFC 6238)', () => {
  it('encodes base32 as RFC 4648 does', () => {
    expect(SHA1_SECRET).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
    expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
    expect(base32Decode('mzxw 6ytb oi==')?.toString()).toBe('foobar');
    expect(base32Decode('not base32!')).toBeNull();
  });

  it('matches the HOTP vectors of RFC 4226 appendix D', () => {
    const expected = [
      '755224',
      '287082',
      '359152',
      '969429',
      '338314',
      '254676',
      '287922',
      '162583',
      '399871',
      '520489',
    ];
    expect(expected.map((_, counter) => hotp(SHA1_KEY, counter))).toEqual(expected);
  });

  it('matches the TOTP vectors of RFC 6238 appendix B (8 digits)', () => {
    const sha1: [number, string][] = [
      [59, '94287082'],
      [1111111109, '07081804'],
      [1111111111, '14050471'],
      [1234567890, '89005924'],
      [2000000000, '69279037'],
      [20000000000, '65353130'],
    ];
    for (const [seconds, code] of sha1) expect(totp(SHA1_SECRET, seconds * 1000, 8)).toBe(code);
    const sha256: [number, string][] = [
      [59, '46119246'],
      [1111111109, '68084774'],
      [1111111111, '67062674'],
      [1234567890, '91819424'],
      [2000000000, '90698825'],
      [20000000000, '77737706'],
    ];
    for (const [seconds, code] of sha256) expect(totp(SHA256_SECRET, seconds * 1000, 8, 'sha256')).toBe(code);
  });

  it('accepts the current step and one either side, nothing further', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const at = (offsetSteps: number) => totp(secret, now + offsetSteps * 30_000);
    expect(verifyTotp(secret, at(0), now)).not.toBeNull();
    expect(verifyTotp(secret, at(-1), now)).not.toBeNull();
    expect(verifyTotp(secret, at(1), now)).not.toBeNull();
    expect(verifyTotp(secret, at(-2), now)).toBeNull();
    expect(verifyTotp(secret, at(2), now)).toBeNull();
  });

  it('refuses a code of a step already used (no replay) and malformed codes', () => {
    const secret = newTotpSecret();
    const now = 1_800_000_000_000;
    const step = verifyTotp(secret, totp(secret, now), now);
    expect(step).not.toBeNull();
    expect(verifyTotp(secret, totp(secret, now), now, step ?? 0)).toBeNull();
    expect(verifyTotp(secret, '12345', now)).toBeNull();
    expect(verifyTotp(secret, 'abcdef', now)).toBeNull();
  });

  it('makes 160-bit secrets and an otpauth URL for the QR code', () => {
    const secret = newTotpSecret();
    expect(base32Decode(secret)).toHaveLength(20);
    const text = otpauthUrl(secret, 'a@b.c');
    expect(text.startsWith('otpauth://totp/Tickstream%3Aa%40b.c?')).toBe(true);
    const url = new URL(text);
    expect(url.searchParams.get('secret')).toBe(secret);
    expect(url.searchParams.get('issuer')).toBe('Tickstream');
    expect(url.searchParams.get('period')).toBe('30');
  });
});
