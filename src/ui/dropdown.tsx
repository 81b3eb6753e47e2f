import { type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useDismiss } from './use-dismiss.ts';

/** spec shell §9: hover close delay 200 ms. */
export const HOVER_CLOSE_DELAY_MS = 200;

/**
 * A header dropdown: opens on hover (closing 200 ms after the pointer leaves), on click and on keyboard focus;
 * Escape closes it. `onOpen` runs each time it opens (the assets dropdown loads balances on the first).
 */
export function Dropdown(props: {
  trigger: ReactNode;
  label: string;
  children: ReactNode | ((close: () => void) => ReactNode);
  align?: 'left' | 'right';
  className?: string;
  onOpen?: () => void;
  active?: boolean;
}) {
  const { trigger, label, children, align = 'left', className = '', onOpen, active } = props;
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const openedAt = useRef(0);
  const isOpen = useRef(false);
  const openNow = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = null;
    if (isOpen.current) return;
    isOpen.current = true;
    openedAt.current = Date.now();
    setOpen(true);
    onOpen?.();
  }, [onOpen]);
  // A click right after the hover opened the panel is the same intent: keep it open rather than toggle it shut.
  const onClick = () => {
    if (open && Date.now() - openedAt.current > HOVER_CLOSE_DELAY_MS * 2) close();
    else openNow();
  };
  const close = useCallback(() => {
    isOpen.current = false;
    setOpen(false);
  }, []);
  const closeLater = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(close, HOVER_CLOSE_DELAY_MS);
  }, [close]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // Escape is handled on the root (keyboard focus is inside it).
  useDismiss(open, root, close, false);
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a convenience; the button is the control.
    <div
      ref={root}
      className={`dropdown ${className}`}
      onMouseEnter={openNow}
      onMouseLeave={closeLater}
      onKeyDown={(e) => {
        if (e.key === 'Escape') close();
      }}
    >
      <button
        type="button"
        className={`dropdown-trigger${active ? ' active' : ''}`}
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={id}
        aria-label={label}
        onClick={onClick}
      >
        {trigger}
      </button>
      {open && (
        <div id={id} className={`dropdown-panel align-${align}`}>
          {typeof children === 'function' ? children(close) : children}
        </div>
      )}
    </div>
  );
}
