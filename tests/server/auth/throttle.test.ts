import { describe, expect, it } from 'vitest';
import {
  ADDRESS_POLICY,
  CAPTCHA_AFTER_FAILURES,
  delayAfter,
  FailureThrottle,
  LoginGuard,
  PAIR_POLICY,
} from '../../../server/auth/throttle.ts';

describe('delayAfter', () => {
  it('is free for the first failures, then doubles up to the cap', () => {
    const waits = Array.from({ length: 12 }, (_, n) => delayAfter(n, PAIR_POLICY));
    expect(waits).toEqual([0, 0, 0, 1000, 2000, 4000, 8000, 16_000, 32_000, 60_000, 60_000, 60_000]);
    expect(delayAfter(10_000, PAIR_POLICY)).toBe(60_000);
  });
});

describe('FailureThrottle', () => {
  it('makes a key wait after its failures, and forgets it after a quiet time', () => {
    const throttle = new FailureThrottle(PAIR_POLICY);
    for (let i = 0; i < 4; i++) throttle.fail('k', 0);
    expect(throttle.waitMs('k', 0)).toBe(2000);
    expect(throttle.waitMs('k', 1500)).toBe(500);
    expect(throttle.waitMs('other', 0)).toBe(0);
    expect(throttle.failures('k', PAIR_POLICY.forgetMs - 1)).toBe(4);
    expect(throttle.failures('k', PAIR_POLICY.forgetMs)).toBe(0);
  });

  it('ends a key on success', () => {
    const throttle = new FailureThrottle(PAIR_POLICY);
    for (let i = 0; i < 5; i++) throttle.fail('k', 0);
    throttle.succeed('k');
    expect(throttle.waitMs('k', 0)).toBe(0);
  });
});

describe('LoginGuard', () => {
  it('slows only the failing address, and asks everyone for the slider once the name failed repeatedly', () => {
    const guard = new LoginGuard();
    for (let i = 0; i < 20; i++) guard.fail('victim', 'attacker', i * 60_000);
    const now = 19 * 60_000 + 1000;
    expect(guard.gate('victim', 'attacker', now).waitMs).toBeGreaterThan(0);
    expect(guard.gate('victim', 'owner', now)).toEqual({ waitMs: 0, captcha: true });
    expect(guard.gate('someone-else', 'owner', now)).toEqual({ waitMs: 0, captcha: false });
  });

  it('asks for the slider from the third failure of a name on', () => {
    const guard = new LoginGuard();
    for (let i = 0; i < CAPTCHA_AFTER_FAILURES - 1; i++) guard.fail('name', `a${i}`, 0);
    expect(guard.gate('name', 'x', 0).captcha).toBe(false);
    guard.fail('name', 'a9', 0);
    expect(guard.gate('name', 'x', 0).captcha).toBe(true);
    guard.succeed('name', 'x');
    expect(guard.gate('name', 'x', 0).captcha).toBe(false);
  });

  it('slows an address that sprays many names, and keeps that count through its own successful logins', () => {
    const guard = new LoginGuard();
    for (let i = 0; i < ADDRESS_POLICY.free; i++) guard.fail(`name${i}`, 'sprayer', 0);
    expect(guard.gate('fresh', 'sprayer', 0).waitMs).toBe(1000);
    guard.succeed('own-account', 'sprayer');
    expect(guard.gate('fresh', 'sprayer', 0).waitMs).toBe(1000);
    expect(guard.gate('fresh', 'sprayer', 1000).waitMs).toBe(0);
    expect(guard.gate('fresh', 'elsewhere', 0).waitMs).toBe(0);
  });
});

/** A patient script that solves every slider and tries whenever the guard lets it: its guesses in `hours`. */
function guessesIn(hours: number, addresses: number): number {
  const guard = new LoginGuard();
  let guesses = 0;
  for (let a = 0; a < addresses; a++) {
    let now = 0;
    while (now < hours * 60 * 60 * 1000) {
      const wait = guard.gate('victim', `bot${a}`, now).waitMs;
      if (wait > 0) {
        now += wait;
        continue;
      }
      guard.fail('victim', `bot${a}`, now);
      guesses++;
    }
  }
  return guesses;
}

describe('guesses per hour (README, security)', () => {
  it('lets one address make at most 67 guesses at one account in the first hour and 60 an hour after', () => {
    expect(guessesIn(1, 1)).toBe(67);
    expect(guessesIn(2, 1) - guessesIn(1, 1)).toBe(60);
  });

  it('grows with the addresses only, each guess after the third behind a solved slider', () => {
    expect(guessesIn(1, 10)).toBe(670);
  });
});
