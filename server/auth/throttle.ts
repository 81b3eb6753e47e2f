/**
 * How failures slow the next attempt down (OWASP Authentication Cheat Sheet: throttle, never a hard lock that an
 * attacker can put on a victim): the first `free` failures cost nothing; then each one makes the next attempt wait
 * `baseMs`, doubling up to `maxMs`. A key is forgotten `forgetMs` after its last failure.
 */
export interface ThrottlePolicy {
  free: number;
  baseMs: number;
  maxMs: number;
  forgetMs: number;
}

/** The wait after `failures` failures in a row. */
export function delayAfter(failures: number, policy: ThrottlePolicy): number {
  if (failures < policy.free) return 0;
  const doublings = Math.min(failures - policy.free, 30);
  return Math.min(policy.baseMs * 2 ** doublings, policy.maxMs);
}

interface Failures {
  count: number;
  last: number;
}

/** Entries kept before the forgotten ones are swept. */
const SWEEP_AT = 100_000;

/** Failures per key (an account name, an address, a user's second factor) and the wait they impose. */
export class FailureThrottle {
  readonly #entries = new Map<string, Failures>();

  constructor(readonly policy: ThrottlePolicy) {}

  #live(key: string, now: number): Failures | undefined {
    const entry = this.#entries.get(key);
    if (entry && now - entry.last >= this.policy.forgetMs) {
      this.#entries.delete(key);
      return undefined;
    }
    return entry;
  }

  failures(key: string, now: number): number {
    return this.#live(key, now)?.count ?? 0;
  }

  /** Milliseconds before the key may try again; 0 when it may now. */
  waitMs(key: string, now: number): number {
    const entry = this.#live(key, now);
    if (!entry) return 0;
    return Math.max(0, entry.last + delayAfter(entry.count, this.policy) - now);
  }

  fail(key: string, now: number): void {
    const entry = this.#live(key, now);
    if (entry) {
      entry.count += 1;
      entry.last = now;
    } else this.#entries.set(key, { count: 1, last: now });
    if (this.#entries.size > SWEEP_AT) this.#sweep(now);
  }

  succeed(key: string): void {
    this.#entries.delete(key);
  }

  #sweep(now: number): void {
    for (const [key, entry] of this.#entries) {
      if (now - entry.last >= this.policy.forgetMs) this.#entries.delete(key);
    }
  }
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * One account name from one address: three free tries, then 1 s, 2 s, 4 s … up to a minute between tries. Only that
 * address waits, so an attacker slows himself, not the owner.
 */
export const PAIR_POLICY: ThrottlePolicy = { free: 3, baseMs: 1000, maxMs: 60_000, forgetMs: DAY_MS };
/** One address over all account names (password spraying): ten free failures, then the same growing wait. */
export const ADDRESS_POLICY: ThrottlePolicy = { free: 10, baseMs: 1000, maxMs: 60_000, forgetMs: HOUR_MS };
/** Failures of one account name from anywhere after which every login of it needs the slider captcha first. */
export const CAPTCHA_AFTER_FAILURES = 3;
/** Account failures are remembered this long after the last one. */
export const ACCOUNT_POLICY: ThrottlePolicy = { free: Number.POSITIVE_INFINITY, baseMs: 0, maxMs: 0, forgetMs: DAY_MS };
/** A signed-in user's second checks (old password, Google code of a two-step login): as one account from one address. */
export const FACTOR_POLICY: ThrottlePolicy = PAIR_POLICY;

/** What a login attempt must do before its password is checked. */
export interface LoginGate {
  /** Wait this long first (answered 429 with the seconds); 0 when it may try now. */
  waitMs: number;
  /** A solved slider captcha (a LOGIN verify token of this account name) must come with it. */
  captcha: boolean;
}

/**
 * The login throttle: growing waits per account name and address and per address, and the slider captcha once an
 * account name has failed repeatedly from anywhere. Names are counted whether an account exists or not, so the
 * answers reveal nothing. Nothing here ever refuses the right password from an address that is not itself failing.
 */
export class LoginGuard {
  readonly pairs = new FailureThrottle(PAIR_POLICY);
  readonly addresses = new FailureThrottle(ADDRESS_POLICY);
  readonly accounts = new FailureThrottle(ACCOUNT_POLICY);
  /** Second checks of signed-in users and two-step logins, keyed `password:{id}`, `google:{id}`. */
  readonly factors = new FailureThrottle(FACTOR_POLICY);

  gate(name: string, address: string, now: number): LoginGate {
    return {
      waitMs: Math.max(this.pairs.waitMs(pairKey(name, address), now), this.addresses.waitMs(address, now)),
      captcha: this.accounts.failures(name, now) >= CAPTCHA_AFTER_FAILURES,
    };
  }

  fail(name: string, address: string, now: number): void {
    this.pairs.fail(pairKey(name, address), now);
    this.addresses.fail(address, now);
    this.accounts.fail(name, now);
  }

  /** The right password: the name's counts end. The address's do not: a login to one's own account must not wipe them. */
  succeed(name: string, address: string): void {
    this.pairs.succeed(pairKey(name, address));
    this.accounts.succeed(name);
  }
}

function pairKey(name: string, address: string): string {
  return `${name}\u0000${address}`;
}
