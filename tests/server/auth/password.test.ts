import { describe, expect, it } from 'vitest';
import { hashPassword, verifyPassword } from '../../../server/auth/password.ts';

describe('password hashing', () => {
  it('uses scrypt at OWASP cost with a random salt', async () => {
    const a = await hashPassword('Tickstream2026');
    const b = await hashPassword('Tickstream2026');
    expect(a).toMatch(/^scrypt\$131072\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(a).not.toBe(b);
  });

  it('verifies the right password only', async () => {
    const stored = await hashPassword('Correct-Horse-1');
    expect(await verifyPassword('Correct-Horse-1', stored)).toBe(true);
    expect(await verifyPassword('correct-horse-1', stored)).toBe(false);
    expect(await verifyPassword('Correct-Horse-1', 'md5$abc')).toBe(false);
  });
});
