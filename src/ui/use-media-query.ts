import { useCallback, useSyncExternalStore } from 'react';

/** spec shell §9: the mobile breakpoint (768 px); app.css and the pages' styles use the same width. */
export const MOBILE_QUERY = '(max-width: 768px)';

/** Whether a media query matches now, re-rendering when that changes (false where there is no window). */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof matchMedia === 'undefined') return () => {};
      const list = matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof matchMedia !== 'undefined' && matchMedia(query).matches,
    () => false,
  );
}
