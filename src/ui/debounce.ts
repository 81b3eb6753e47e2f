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
