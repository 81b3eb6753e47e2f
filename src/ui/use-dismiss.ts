import { type RefObject, useEffect, useRef } from 'react';

/** Closes a popover while it is open: on a mouse press outside `root` and, unless `onEscape` is false, on Escape. */
export function useDismiss(
  open: boolean,
  root: RefObject<HTMLElement | null>,
  close: () => void,
  onEscape = true,
): void {
  // The latest `close`, so that callers may pass an inline function without re-subscribing on every render.
  const latest = useRef(close);
  latest.current = close;
  useEffect(() => {
    if (!open) return;
    const away = (e: MouseEvent) => {
      if (root.current && !root.current.contains(e.target as Node)) latest.current();
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') latest.current();
    };
    document.addEventListener('mousedown', away);
    if (onEscape) document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('mousedown', away);
      document.removeEventListener('keydown', onKey);
    };
  }, [open, root, onEscape]);
}
