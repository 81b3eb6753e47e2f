/**
 * A background job that runs every `everyMs`, one run at a time: a run still going is joined, never overlapped.
 * `tick` runs it now (tests and dev endpoints); `stop` waits for the run in flight.
 */
export function periodicJob(run: () => Promise<void>, everyMs: number, onError: (error: unknown) => void) {
  let running: Promise<void> | null = null;
  let timer: NodeJS.Timeout | undefined;
  const tick = (): Promise<void> => {
    running ??= run()
      .catch(onError)
      .finally(() => {
        running = null;
      });
    return running;
  };
  return {
    tick,
    /** Starts the timer; the first run is at once (it resumes what was pending when the server stopped). */
    start(): void {
      if (timer) return;
      timer = setInterval(() => void tick(), everyMs);
      timer.unref();
      void tick();
    },
    async stop(): Promise<void> {
      clearInterval(timer);
      timer = undefined;
      await running;
    },
  };
}
