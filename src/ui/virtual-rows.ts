import { useState } from 'react';
import { useVirtualizer } from 'react-window';

/**
 * Fixed-height rows in a scrolling box, for a list that can grow (1000–5000 markets, DESIGN §2): only the rows in
 * view and a few either side are rendered. `before` and `after` are the heights of the rows left out, for the padding
 * or spacer rows that keep the scroll bar true; the caller keeps its own markup (a list, a table).
 */
export function useVirtualRows(count: number, rowHeight: number, viewport: number) {
  const [scroller, setScroller] = useState<HTMLElement | null>(null);
  const [body, setBody] = useState<HTMLElement | null>(null);
  const { items, totalSize } = useVirtualizer({
    count,
    element: body,
    scrollElement: scroller,
    itemSize: rowHeight,
    defaultSize: viewport,
    overscanCount: 6,
  });
  const first = items[0];
  const last = items[items.length - 1];
  return {
    /** The box that scrolls. */
    scrollerRef: setScroller,
    /** The element that holds the rows (its top is where row 0 starts). */
    bodyRef: setBody,
    start: first?.index ?? 0,
    end: last ? last.index + 1 : 0,
    before: first?.offset ?? 0,
    after: last ? Math.max(0, totalSize - last.offset - last.size) : 0,
  };
}
