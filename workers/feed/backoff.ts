/** Reconnect delays: exponential growth with a random cut so that clients dropped together do not return together. */
export interface Backoff {
  /** Base delay of the first reconnect, in ms. */
  minMs: number;
  /** Cap of the base delay, in ms. */
  maxMs: number;
  /** Growth of the base delay per failed attempt. */
  factor: number;
  /** Share of the base delay that is random, 0 (none) to 1 (full jitter): the delay lies in [base·(1 − jitter), base]. */
  jitter: number;
}

export const DEFAULT_BACKOFF: Readonly<Backoff> = { minMs: 250, maxMs: 10_000, factor: 2, jitter: 0.5 };

/**
 * Delay before reconnect attempt `attempt` (0 = the first after a drop). `random` returns [0, 1), as Math.random.
 * With the defaults: 125–250 ms, 250–500 ms, 0.5–1 s, … up to 5–10 s.
 */
export function backoffDelay(attempt: number, backoff: Readonly<Backoff>, random: () => number): number {
  const base = Math.min(backoff.maxMs, backoff.minMs * backoff.factor ** Math.max(0, attempt));
  const jitter = Math.min(1, Math.max(0, backoff.jitter));
  return Math.max(0, base * (1 - jitter * random()));
}
