import { useState } from 'react';

/**
 * Calls `reset` in the render where `key` first differs from the one before (a panel kept mounted across a market
 * switch starts the new market afresh): React's way of adjusting state to a changed prop, during render, so no frame
 * shows the old market's state and no effect runs a second render after it.
 */
export function useResetOn<K>(key: K, reset: () => void): void {
  const [seen, setSeen] = useState(key);
  if (Object.is(seen, key)) return;
  setSeen(key);
  reset();
}
