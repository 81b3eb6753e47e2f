/** Only guards against a hang; nothing asserts how long anything took. */
const WAIT_MS = 5000;

/** Waits until `done` holds, looking every 2 ms; throws after {@link WAIT_MS} naming `what` it waited for. */
export async function until(done: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!done()) {
    if (Date.now() > deadline) throw new Error(`no ${what} within ${WAIT_MS} ms`);
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
}
