/**
 * Wakes long polls when something new is stored: one key per conversation (`chat:{id}`), plus `agent` for the agent
 * console's list. In-process only, which is all one server process needs; the database stays the source of truth.
 */
export class SupportHub {
  private readonly waiters = new Map<string, Set<() => void>>();
  private closed = false;

  /** Resolves true when `key` is notified, false after `ms` or when `signal` aborts or the hub closes. */
  wait(key: string, ms: number, signal?: AbortSignal): Promise<boolean> {
    if (this.closed || ms <= 0 || signal?.aborted) return Promise.resolve(false);
    return new Promise((resolve) => {
      let set = this.waiters.get(key);
      if (!set) {
        set = new Set();
        this.waiters.set(key, set);
      }
      const done = (woken: boolean) => {
        clearTimeout(timer);
        signal?.removeEventListener('abort', abort);
        set.delete(wake);
        if (set.size === 0 && this.waiters.get(key) === set) this.waiters.delete(key);
        resolve(woken);
      };
      const wake = () => done(true);
      const abort = () => done(false);
      const timer = setTimeout(abort, ms);
      signal?.addEventListener('abort', abort, { once: true });
      set.add(wake);
    });
  }

  notify(key: string): void {
    const set = this.waiters.get(key);
    if (!set) return;
    for (const wake of [...set]) wake();
  }

  /** Number of polls waiting (tests, and a check that nothing leaks). */
  get waiting(): number {
    let n = 0;
    for (const set of this.waiters.values()) n += set.size;
    return n;
  }

  /** Ends every wait (server shutdown): a poll answers at once instead of holding the close. */
  close(): void {
    this.closed = true;
    for (const set of [...this.waiters.values()]) for (const wake of [...set]) wake();
  }
}

/** Aborts when the client goes away, so a long poll stops waiting for nobody. */
export function closeSignal(connection: { once(event: 'close', listener: () => void): unknown }): AbortSignal {
  const controller = new AbortController();
  connection.once('close', () => controller.abort());
  return controller.signal;
}
