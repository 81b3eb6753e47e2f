import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { Popover } from './popover.tsx';

/** spec shell §9: hover close delay 200 ms. */
export const HOVER_CLOSE_DELAY_MS = 200;

/**
 * A header dropdown on the popover kit: opens on hover (closing 200 ms after the pointer leaves), on click and from
 * the keyboard; Escape and a press elsewhere close it. Opened by the pointer passing over it, it leaves the focus where
 * it is; opened by a click or a key, the focus moves in and comes back. `onOpen` runs each time it opens (the assets
 * dropdown loads balances on the first).
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
  const [byHover, setByHover] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const openedAt = useRef(0);
  const isOpen = useRef(false);
  const show = useCallback(
    (hover: boolean) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (isOpen.current) return;
      isOpen.current = true;
      openedAt.current = Date.now();
      setByHover(hover);
      setOpen(true);
      onOpen?.();
    },
    [onOpen],
  );
  const close = useCallback(() => {
    isOpen.current = false;
    setOpen(false);
  }, []);
  const closeLater = useCallback(() => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(close, HOVER_CLOSE_DELAY_MS);
  }, [close]);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  // A click right after the hover opened the panel is the same intent: keep it open rather than toggle it shut.
  const onClick = () => {
    if (open && Date.now() - openedAt.current > HOVER_CLOSE_DELAY_MS * 2) close();
    else show(false);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: hover is a convenience; the button is the control.
    <div className={`dropdown ${className}`} onMouseEnter={() => show(true)} onMouseLeave={closeLater}>
      <Popover
        open={open}
        onOpenChange={(next) => (next ? show(false) : close())}
        className="dropdown-panel"
        label={label}
        role="group"
        align={align === 'right' ? 'end' : 'start'}
        initialFocus={byHover ? false : undefined}
        returnFocus={!byHover}
        trigger={
          <button
            type="button"
            className={`dropdown-trigger${active ? ' active' : ''}`}
            aria-label={label}
            onClick={(event) => {
              // The hover rule above decides, not the popover's own toggle.
              event.preventDefault();
              onClick();
            }}
          >
            {trigger}
          </button>
        }
      >
        {typeof children === 'function' ? children(close) : children}
      </Popover>
    </div>
  );
}
