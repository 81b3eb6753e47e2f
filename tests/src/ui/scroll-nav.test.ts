import { describe, expect, it } from 'vitest';
import { NAV_SCROLL_STEP, navOverflow, navScrollLeft } from '../../../src/ui/scroll-nav.tsx';

/** spec shell §9: nav scroll step 400 px (issue 19 item 17). */
describe('scrolling navigation', () => {
  const box = (scrollLeft: number) => ({ scrollLeft, clientWidth: 300, scrollWidth: 1200 });

  it('moves 400 px per arrow click', () => {
    expect(NAV_SCROLL_STEP).toBe(400);
    expect(navScrollLeft(box(0), 1)).toBe(400);
    expect(navScrollLeft(box(500), -1)).toBe(100);
  });

  it('stops at either end', () => {
    expect(navScrollLeft(box(700), 1)).toBe(900);
    expect(navScrollLeft(box(300), -1)).toBe(0);
    expect(navScrollLeft({ scrollLeft: 0, clientWidth: 300, scrollWidth: 200 }, 1)).toBe(0);
  });

  it('shows the back arrow once scrolled and the forward arrow while more is hidden', () => {
    expect(navOverflow(box(0))).toEqual({ back: false, forward: true });
    expect(navOverflow(box(400))).toEqual({ back: true, forward: true });
    expect(navOverflow(box(900))).toEqual({ back: true, forward: false });
    expect(navOverflow({ scrollLeft: 0, clientWidth: 300, scrollWidth: 300 })).toEqual({ back: false, forward: false });
  });
});
