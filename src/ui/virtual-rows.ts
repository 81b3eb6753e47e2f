import { useEffect, useState } from 'react';

/** Rows rendered beyond the visible ones on each side, so a quick scroll does not show blanks. */
const OVERSCAN = 6;

/** The rows to render for the visible span [from, to) px from the first row's top; `before`/`after`: heights left out. */
export function rowWindow(count: number, rowHeight: number, from: number, to: number) {
  const start = Math.min(count, Math.max(0, Math.floor(from / rowHeight) - OVERSCAN));
  const end = Math.max(start, Math.min(count, Math.ceil(to / rowHeight) + OVERSCAN));
  return { start, end, before: start * rowHeight, after: (count - end) * rowHeight };
}

/**
 * Fixed-height rows in a scrolling box, for a list that can grow (1000–5000 markets, DESIGN §2): only the rows in
 * view and a few either side are rendered. `before` and `after` are the heights of the rows left out, for the padding
 * or spacer rows that keep the scroll bar true; the caller keeps its own markup (a list, a table). The visible span is
 * read on scroll and resize only: a render (a live list re-renders on every ticker batch) measures nothing, as a
 * measure after a DOM change forces a layout.
 */
export function useVirtualRows(count: number, rowHeight: number, viewport: number) {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const [span, setSpan] = useState({ from: 0, to: viewport });
  useEffect(() => {
    if (!scroller || !body) return;
    const read = () => {
      const box = scroller.getBoundingClientRect();
      const top = body.getBoundingClientRect().top;
      // What of the box the window shows, from the first row's top.
      const from = Math.max(box.top, 0) - top;
      const to = Math.min(box.bottom, window.innerHeight) - top;
      setSpan((was) =>
        Math.floor(was.from / rowHeight) === Math.floor(from / rowHeight) &&
        Math.ceil(was.to / rowHeight) === Math.ceil(to / rowHeight)
          ? was
          : { from, to },
      );
    };
    read();
    scroller.addEventListener('scroll', read, { passive: true });
    // The page or a parent scrolling moves the box too.
    window.addEventListener('scroll', read, { passive: true, capture: true });
    window.addEventListener('resize', read);
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(read);
    observer?.observe(scroller);
    return () => {
      scroller.removeEventListener('scroll', read);
      window.removeEventListener('scroll', read, { capture: true });
      window.removeEventListener('resize', read);
      observer?.disconnect();
    };
  }, [scroller, body, rowHeight]);
  return { scrollerRef: setScroller, bodyRef: setBody, ...rowWindow(count, rowHeight, span.from, span.to) };
}
