/** spec shell §9: debounce 500 ms by default — the pause in typing after which a field's value is acted on. */
export const DEFAULT_DEBOUNCE_MS = 500;

/** A debounced call: `run` restarts the wait; `fn` runs once, `ms` after the last `run`, with its arguments. */
export function debounce<A extends unknown[]>(fn: (...args: A) => void, ms: number = DEFAULT_DEBOUNCE_MS) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  return {
    run(...args: A): void {
      clearTimeout(timer);
      timer = setTimeout(() => fn(...args), ms);
    },
    cancel(): void {
      clearTimeout(timer);
    },
  };
}

/**
 * A throttled call: the first `run` calls `fn` at once, later ones within `ms` of the last call fold into one call at
 * the end of that wait (`fn` reads its state when it runs, so it takes no arguments).
 */
export function throttle(fn: () => void, ms: number) {
  let last = Number.NEGATIVE_INFINITY;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const fire = () => {
    timer = undefined;
    last = Date.now();
    fn();
  };
  return {
    run(): void {
      if (timer !== undefined) return;
      const wait = last + ms - Date.now();
      if (wait <= 0) fire();
      else timer = setTimeout(fire, wait);
    },
    cancel(): void {
      clearTimeout(timer);
      timer = undefined;
    },
  };
}
