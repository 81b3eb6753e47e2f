import { useCallback, useRef, useState } from 'react';

/**
 * State set from a stream (a panel's snapshot callback, 60 times a second) whose setter skips a value equal to the
 * last one set. React keeps each bailed-out update of a component in its hook's queue until the component renders
 * again, and a canvas panel never does: the same `setState` per snapshot grew the page's heap for as long as the page
 * was open (bench/soak; issue 22 item 7).
 */
export function useLatchedState<T>(initial: T): [T, (next: T) => void] {
  const [value, setValue] = useState(initial);
  const last = useRef(initial);
  const set = useCallback((next: T) => {
    if (Object.is(next, last.current)) return;
    last.current = next;
    setValue(next);
  }, []);
  return [value, set];
}
