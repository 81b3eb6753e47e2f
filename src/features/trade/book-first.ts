// The cold load's order on the terminals (issue 22 item 1): the candle chart is made, and the spot terminal's tape
// and orders are rendered (after-book.tsx), once the order book has drawn a live book, or after BOOK_FIRST_WAIT_MS.
// The paint worker's first draw on each canvas size waits for turns of the page's main thread, and making the chart
// (its first layout and paints) took hundreds of ms of them at 4× throttle.

/** The longest the chart waits (a book that never goes live must not keep the chart away). */
export const BOOK_FIRST_WAIT_MS = 1500;

export interface BookFirst {
  /** The order book drew a live book: what waits runs now, and from now on at once. */
  drawn(): void;
  /** Whether it has drawn one (what waited has run). */
  isOpen(): boolean;
  /** Runs `run` once the book has drawn (at once if it has), or after the wait; returns a cancel. */
  after(run: () => void): () => void;
}

export function bookFirstGate(waitMs = BOOK_FIRST_WAIT_MS): BookFirst {
  let drawn = false;
  const waiting = new Set<() => void>();
  return {
    isOpen: () => drawn,
    drawn() {
      if (drawn) return;
      drawn = true;
      for (const run of [...waiting]) run();
    },
    after(run) {
      if (drawn) {
        run();
        return () => {};
      }
      const cancel = () => {
        clearTimeout(timer);
        waiting.delete(fire);
      };
      const fire = () => {
        cancel();
        run();
      };
      const timer = setTimeout(fire, waitMs);
      waiting.add(fire);
      return cancel;
    },
  };
}

/** The page's one gate: the first live book of the page's lifetime opens it. */
export const bookFirst: BookFirst = bookFirstGate();
