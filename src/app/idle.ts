// Work a page can do once it has drawn: the first idle moment of its main thread, or IDLE_WAIT_MS at the latest.

/** The longest idle work waits on a page that never goes idle. */
export const IDLE_WAIT_MS = 2000;

/** Runs `run` at the main thread's next idle moment (at most `waitMs` from now); returns a cancel. */
export function whenIdle(run: () => void, waitMs = IDLE_WAIT_MS): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(() => run(), { timeout: waitMs });
    return () => cancelIdleCallback(id);
  }
  const timer = setTimeout(run, 0);
  return () => clearTimeout(timer);
}
