import { describe, expect, it } from 'vitest';
import {
  CODE_HOURLY_CAP,
  CODE_MAX_ATTEMPTS,
  CODE_RESEND_MS,
  CODE_TTL_MS,
  CodeStore,
  newCode,
  RateCounter,
  TicketStore,
} from '../../../server/auth/codes.ts';

const T0 = 1_800_000_000_000;

function issued(store: CodeStore, purpose: string, destination: string, now: number): string {
  const result = store.issue(purpose, destination, now);
  if (!result.ok) throw new Error('not issued');
  return result.code;
}

describe('verification codes', () => {
  it('are six digits from the CSPRNG, leading zeros kept, spread over the range', () => {
    const codes = Array.from({ length: 2000 }, newCode);
    expect(codes.every((c) => /^\d{6}$/.test(c))).toBe(true);
    expect(new Set(codes).size).toBeGreaterThan(1990);
  });

  it('are single use', () => {
    const store = new CodeStore();
    const code = issued(store, 'REGISTER', 'email:a@b.c', T0);
    expect(store.check('REGISTER', 'email:a@b.c', code, T0)).toBe('ok');
    expect(store.check('REGISTER', 'email:a@b.c', code, T0)).toBe('invalid');
  });

  it('expire after ten minutes', () => {
    const store = new CodeStore();
    const code = issued(store, 'RESET', 'email:a@b.c', T0);
    expect(store.check('RESET', 'email:a@b.c', code, T0 + CODE_TTL_MS - 1, true)).toBe('ok');
    expect(store.check('RESET', 'email:a@b.c', code, T0 + CODE_TTL_MS)).toBe('expired');
  });

  it('die after five wrong tries, even for the right code afterwards', () => {
    const store = new CodeStore();
    const code = issued(store, 'RESET', 'sms:+84912', T0);
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 1; i < CODE_MAX_ATTEMPTS; i++) expect(store.check('RESET', 'sms:+84912', wrong, T0)).toBe('invalid');
    expect(store.check('RESET', 'sms:+84912', wrong, T0)).toBe('exhausted');
    expect(store.check('RESET', 'sms:+84912', code, T0)).toBe('exhausted');
  });

  it('are bound to their purpose and destination', () => {
    const store = new CodeStore();
    const code = issued(store, 'REGISTER', 'email:a@b.c', T0);
    expect(store.check('RESET', 'email:a@b.c', code, T0)).toBe('invalid');
    expect(store.check('REGISTER', 'email:x@b.c', code, T0)).toBe('invalid');
    expect(store.check('REGISTER', 'email:a@b.c', code, T0)).toBe('ok');
  });

  it('can be resent after 60 s only, and a resend replaces the old code', () => {
    const store = new CodeStore();
    const first = issued(store, 'REGISTER', 'email:a@b.c', T0);
    expect(store.issue('REGISTER', 'email:a@b.c', T0 + CODE_RESEND_MS - 1000)).toEqual({
      ok: false,
      reason: 'resend',
      waitMs: 1000,
    });
    // Another purpose is not held back.
    expect(store.issue('RESET', 'email:a@b.c', T0 + 1).ok).toBe(true);
    const second = issued(store, 'REGISTER', 'email:a@b.c', T0 + CODE_RESEND_MS);
    if (first !== second) expect(store.check('REGISTER', 'email:a@b.c', first, T0 + CODE_RESEND_MS)).toBe('invalid');
    expect(store.check('REGISTER', 'email:a@b.c', second, T0 + CODE_RESEND_MS)).toBe('ok');
  });

  it('stop at the hourly cap of a destination and start again an hour later', () => {
    const store = new CodeStore();
    for (let i = 0; i < CODE_HOURLY_CAP; i++) issued(store, 'REGISTER', 'email:a@b.c', T0 + i * CODE_RESEND_MS);
    const late = T0 + CODE_HOURLY_CAP * CODE_RESEND_MS;
    expect(store.issue('REGISTER', 'email:a@b.c', late)).toEqual({ ok: false, reason: 'cap' });
    expect(store.issue('RESET', 'email:a@b.c', late)).toEqual({ ok: false, reason: 'cap' });
    expect(store.issue('REGISTER', 'email:other@b.c', late).ok).toBe(true);
    expect(store.issue('REGISTER', 'email:a@b.c', T0 + 60 * 60 * 1000 + 1).ok).toBe(true);
  });
});

describe('tickets', () => {
  it('are single use, bound to purpose and subject, and expire', () => {
    const tickets = new TicketStore();
    const ticket = tickets.issue('REGISTER', 'email:a@b.c', T0);
    expect(tickets.take('RESET', 'email:a@b.c', ticket, T0)).toBe(false);
    expect(tickets.take('REGISTER', 'email:x@b.c', ticket, T0)).toBe(false);
    expect(tickets.take('REGISTER', 'email:a@b.c', ticket, T0)).toBe(true);
    expect(tickets.take('REGISTER', 'email:a@b.c', ticket, T0)).toBe(false);
    const old = tickets.issue('REGISTER', 'email:a@b.c', T0);
    expect(tickets.take('REGISTER', 'email:a@b.c', old, T0 + 10 * 60 * 1000)).toBe(false);
  });
});

describe('rate counter', () => {
  it('allows max hits per window', () => {
    const counter = new RateCounter(3, 1000);
    expect([1, 2, 3, 4].map(() => counter.hit('k', T0))).toEqual([true, true, true, false]);
    expect(counter.hit('other', T0)).toBe(true);
    expect(counter.hit('k', T0 + 1001)).toBe(true);
  });
});
