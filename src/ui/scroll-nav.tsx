import { type ReactNode, useEffect, useRef, useState } from 'react';
import { debounce } from './debounce.ts';
import './overlays.css';

/** spec shell §9: a navigation too wide for its box scrolls 400 px per arrow click. */
export const NAV_SCROLL_STEP = 400;

export interface ScrollBox {
  scrollLeft: number;
  clientWidth: number;
  scrollWidth: number;
}

/** Where one arrow click takes the navigation: a step back or forward, never past either end. */
export function navScrollLeft(box: ScrollBox, direction: -1 | 1, step = NAV_SCROLL_STEP): number {
  const end = Math.max(0, box.scrollWidth - box.clientWidth);
  return Math.min(end, Math.max(0, box.scrollLeft + direction * step));
}

/** Which arrows a navigation needs: back once scrolled, forward while more is hidden (1 px for rounding). */
export function navOverflow(box: ScrollBox): { back: boolean; forward: boolean } {
  return { back: box.scrollLeft > 0, forward: box.scrollLeft + box.clientWidth < box.scrollWidth - 1 };
}

/**
 * A navigation that scrolls sideways when it does not fit (the account tabs below 768 px): arrows show at the sides
 * with more to see and move it by {@link NAV_SCROLL_STEP}.
 */
export function ScrollNav(props: {
  className: string;
  label: string;
  backLabel: string;
  forwardLabel: string;
  children: ReactNode;
}) {
  const ref = useRef<HTMLElement>(null);
  const [edges, setEdges] = useState({ back: false, forward: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      const next = navOverflow(el);
      setEdges((now) => (now.back === next.back && now.forward === next.forward ? now : next));
    };
    const resized = debounce(update);
    update();
    el.addEventListener('scroll', update, { passive: true });
    window.addEventListener('resize', resized.run);
    return () => {
      el.removeEventListener('scroll', update);
      window.removeEventListener('resize', resized.run);
      resized.cancel();
    };
  }, []);
  const scroll = (direction: -1 | 1) => {
    const el = ref.current;
    if (el) el.scrollTo({ left: navScrollLeft(el, direction), behavior: 'smooth' });
  };
  return (
    <div className="scroll-nav">
      {edges.back ? (
        <button type="button" className="scroll-nav-arrow" aria-label={props.backLabel} onClick={() => scroll(-1)}>
          ‹
        </button>
      ) : null}
      <nav ref={ref} className={props.className} aria-label={props.label}>
        {props.children}
      </nav>
      {edges.forward ? (
        <button type="button" className="scroll-nav-arrow" aria-label={props.forwardLabel} onClick={() => scroll(1)}>
          ›
        </button>
      ) : null}
    </div>
  );
}
