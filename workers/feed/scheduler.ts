// The feed's clock, apart from the feed so that the socket hub (workers/hub) takes it without the socket's libraries.

/** Time as the feed sees it; the same shape as the publish stage's scheduler, so one object can serve both. */
export interface FeedScheduler {
  now(): number;
  setTimeout(run: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** The platform's clock and timers. */
export const realFeedScheduler: FeedScheduler = {
  now: () => Date.now(),
  setTimeout: (run, ms) => setTimeout(run, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};
