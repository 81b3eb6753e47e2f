/**
 * Failed-login counter per account name (known or not, so it reveals nothing).
 * After `maxFailures` failures within `windowMs` the name is locked for `lockMs`.
 */
export class LoginThrottle {
  readonly #failures = new Map<string, { count: number; first: number; lockedUntil: number }>();

  constructor(
    readonly maxFailures = 5,
    readonly windowMs = 15 * 60 * 1000,
    readonly lockMs = 15 * 60 * 1000,
  ) {}

  /** Milliseconds the name stays locked, 0 when it may try. */
  lockedFor(name: string, now: number): number {
    const entry = this.#failures.get(name);
    return entry && entry.lockedUntil > now ? entry.lockedUntil - now : 0;
  }

  fail(name: string, now: number): void {
    let entry = this.#failures.get(name);
    if (!entry || now - entry.first > this.windowMs) {
      entry = { count: 0, first: now, lockedUntil: 0 };
      this.#failures.set(name, entry);
    }
    entry.count += 1;
    if (entry.count >= this.maxFailures) entry.lockedUntil = now + this.lockMs;
    if (this.#failures.size > 100_000) this.#prune(now);
  }

  succeed(name: string): void {
    this.#failures.delete(name);
  }

  #prune(now: number): void {
    for (const [name, entry] of this.#failures) {
      if (entry.lockedUntil <= now && now - entry.first > this.windowMs) this.#failures.delete(name);
    }
  }
}
