import type { LadderLook, Snapshot } from '../../../workers/api.ts';
import { ROW_HEIGHT } from '../../../workers/paint/book-ladder.ts';
import type { Paint2D } from '../../../workers/paint/context.ts';

type Call = { op: string; args: unknown[]; fillStyle: string };

/** A 2D context that records the calls a painter makes (enough of it for the book painters). */
export function recorder() {
  const calls: Call[] = [];
  const ctx = {
    font: '',
    textBaseline: 'alphabetic',
    textAlign: 'start',
    fillStyle: '',
    calls,
    texts: () => calls.filter((c) => c.op === 'fillText').map((c) => c.args[0]),
    ops: (op: string) => calls.filter((c) => c.op === op),
    reset: () => {
      calls.length = 0;
    },
  } as Record<string, unknown>;
  for (const op of ['fillText', 'fillRect', 'clearRect', 'beginPath', 'moveTo', 'lineTo', 'fill', 'setTransform']) {
    ctx[op] = (...args: unknown[]) => calls.push({ op, args, fillStyle: String(ctx.fillStyle) });
  }
  return ctx as unknown as Paint2D & {
    setTransform(...args: number[]): void;
    calls: Call[];
    texts(): unknown[];
    ops(op: string): Call[];
    reset(): void;
  };
}

/** An OffscreenCanvas as the worker's painter sees it: a size and a recording context. */
export function fakeCanvas() {
  const ctx = recorder();
  return { width: 300, height: 150, ctx, getContext: () => ctx };
}

/** A book side `[price, volume, cumVolume, value]` per level from `[price, volume]` pairs, best first. */
export const side = (...levels: [number, number][]) => {
  const out: number[] = [];
  let cum = 0;
  for (const [p, v] of levels) {
    cum += v;
    out.push(p, v, cum, p * v);
  }
  return new Float64Array(out);
};

/** A side's look: 200 × 3 rows at ratio 1, recognisable colours, 2 price and 4 amount decimals. */
export const look = (extra: Partial<LadderLook> = {}): LadderLook => ({
  width: 200,
  height: ROW_HEIGHT * 3,
  ratio: 1,
  colors: { up: 'U', down: 'D', text: 'T', muted: 'M', upBar: 'UB', downBar: 'DB', mark: 'H' },
  font: '12px sans-serif',
  priceScale: 2,
  amountScale: 4,
  ...extra,
});

/** A live book snapshot of these sides. */
export const bookSnapshot = (bids: Float64Array, asks: Float64Array, seq = 1): Snapshot => ({
  kind: 'book',
  bids,
  asks,
  ownBids: new Float64Array(0),
  ownAsks: new Float64Array(0),
  health: {
    feed: 'live',
    frameAge: 0,
    reconnects: 0,
    malformed: 0,
    book: { status: 'live', seq, resyncs: 0, duplicates: 0 },
  },
});
