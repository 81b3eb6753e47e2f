import { afterEach, describe, expect, it, vi } from 'vitest';
import { nextBudget, skipFrame } from '../../../src/canvas/surface.ts';

describe('frame budget of budgeted surfaces', () => {
  it('shrinks quickly after a late frame and grows back slowly, within bounds', () => {
    expect(nextBudget(4, 33.3)).toBeCloseTo(2.8);
    expect(nextBudget(4, 16.7)).toBeCloseTo(4.02);
    let ms = 8;
    for (let i = 0; i < 50; i++) ms = nextBudget(ms, 100);
    expect(ms).toBe(1);
    for (let i = 0; i < 1000; i++) ms = nextBudget(ms, 16.7);
    expect(ms).toBe(8);
  });
});

describe('frames left to other painters', () => {
  it('skips a frame another painter claimed, or one already filled by other work', () => {
    expect(skipFrame(true, 0, false)).toBe(true);
    expect(skipFrame(false, 30, false)).toBe(true);
    expect(skipFrame(false, 2, false)).toBe(false);
  });

  it('never skips two frames in a row, so a waiting surface is drawn in the next', () => {
    expect(skipFrame(true, 30, true)).toBe(false);
    let skipped = false;
    const drawn: boolean[] = [];
    for (let frame = 0; frame < 6; frame++) {
      skipped = skipFrame(true, 40, skipped);
      drawn.push(!skipped);
    }
    expect(drawn).toEqual([false, true, false, true, false, true]);
  });
});

describe('heavy paints in the frame loop', () => {
  /** A manual animation-frame clock and a budgeted surface on a fake canvas, in a fresh copy of the module. */
  async function setUp() {
    vi.resetModules();
    let callbacks: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => callbacks.push(run));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    vi.stubGlobal('window', { devicePixelRatio: 1 });
    vi.stubGlobal('document', {});
    const ctx = { setTransform() {}, clearRect() {} };
    const canvas = { getContext: () => ctx, getBoundingClientRect: () => ({ width: 100, height: 40 }) };
    const module = await import('../../../src/canvas/surface.ts');
    const draws: number[] = [];
    let frame = 0;
    const surface = new module.CanvasSurface(canvas as unknown as HTMLCanvasElement, () => draws.push(frame), {
      budgeted: true,
    });
    /** Runs one frame's callbacks, in the order they were asked for. */
    const tick = () => {
      frame += 1;
      const now = performance.now();
      const run = callbacks;
      callbacks = [];
      for (const callback of run) callback(now);
    };
    tick();
    draws.length = 0;
    return { module, surface, draws, tick, frame: () => frame };
  }

  afterEach(() => vi.unstubAllGlobals());

  it('runs the update at the next frame, draws beside it, and leaves the frame after it to the repaint', async () => {
    const { module, surface, draws, tick, frame } = await setUp();
    const updates: number[] = [];
    module.scheduleHeavyPaint({}, () => updates.push(frame()));
    surface.invalidate();
    tick();
    expect(updates).toEqual([frame()]);
    expect(draws).toEqual([frame()]);
    surface.invalidate();
    tick();
    expect(draws).toHaveLength(1);
    tick();
    expect(draws).toEqual([frame() - 2, frame()]);
  });

  it("draws an urgent surface (a new market's first book) in the next frame, even one left to a repaint", async () => {
    const { module, surface, draws, tick, frame } = await setUp();
    module.scheduleHeavyPaint({}, () => {});
    tick();
    // The frame after the update is the repaint's: a plain invalidation waits for the one after it.
    surface.invalidate();
    tick();
    expect(draws).toEqual([]);
    tick();
    expect(draws).toEqual([frame()]);
    module.scheduleHeavyPaint({}, () => {});
    tick();
    surface.invalidate(true, true);
    expect(surface.urgent).toBe(true);
    tick();
    expect(draws).toEqual([frame() - 2, frame()]);
    expect(surface.urgent).toBe(false);
  });

  it("tells the owner what its repaint cost: the time the next frame spent before the loop's turn", async () => {
    let clock = 1_000;
    vi.stubGlobal('performance', { now: () => clock });
    const { module, tick } = await setUp();
    const costs: number[] = [];
    // The library asks for its own frame in the update and repaints there, before the loop (25 ms).
    const update = () => requestAnimationFrame(() => (clock += 25));
    module.scheduleHeavyPaint({}, update, (ms) => costs.push(ms));
    tick();
    expect(costs).toEqual([]);
    tick();
    expect(costs).toEqual([25]);
    tick();
    expect(costs).toEqual([25]);
    // An update with nobody asking reports nothing.
    module.scheduleHeavyPaint({}, update);
    tick();
    tick();
    expect(costs).toEqual([25]);
  });

  it('keeps only the latest update of an owner, and none once cancelled', async () => {
    const { module, tick } = await setUp();
    const chart = {};
    const ran: string[] = [];
    module.scheduleHeavyPaint(chart, () => ran.push('first'));
    module.scheduleHeavyPaint(chart, () => ran.push('latest'));
    module.scheduleHeavyPaint({}, () => ran.push('other'));
    tick();
    expect(ran).toEqual(['latest', 'other']);
    module.scheduleHeavyPaint(chart, () => ran.push('dropped'));
    module.cancelHeavyPaint(chart);
    tick();
    expect(ran).toEqual(['latest', 'other']);
  });
});

describe('web fonts', () => {
  it('redraws whole when fonts finish loading, without reading `fonts.ready` (it forces a style and layout)', async () => {
    vi.resetModules();
    let callbacks: FrameRequestCallback[] = [];
    vi.stubGlobal('requestAnimationFrame', (run: FrameRequestCallback) => callbacks.push(run));
    vi.stubGlobal('cancelAnimationFrame', () => {});
    vi.stubGlobal('window', { devicePixelRatio: 1 });
    const listeners = new Map<string, () => void>();
    const fonts = {
      get ready(): Promise<void> {
        throw new Error('fonts.ready read');
      },
      addEventListener: (name: string, run: () => void) => listeners.set(name, run),
      removeEventListener: (name: string) => listeners.delete(name),
    };
    vi.stubGlobal('document', { fonts });
    const ctx = { setTransform() {}, clearRect() {} };
    const canvas = { getContext: () => ctx, getBoundingClientRect: () => ({ width: 100, height: 40 }) };
    const { CanvasSurface } = await import('../../../src/canvas/surface.ts');
    const draws: boolean[] = [];
    const surface = new CanvasSurface(canvas as unknown as HTMLCanvasElement, (_ctx, _size, full) => draws.push(full));
    const tick = () => {
      const run = callbacks;
      callbacks = [];
      for (const callback of run) callback(performance.now());
    };
    tick();
    draws.length = 0;
    listeners.get('loadingdone')?.();
    tick();
    expect(draws).toEqual([true]);
    surface.dispose();
    expect(listeners.has('loadingdone')).toBe(false);
  });
});
