import { describe, expect, it } from 'vitest';
import { OrderStatus, Side } from '../../../common/trading.ts';
import type { Order } from '../../../server/exchange/index.ts';
import { LadderSide, type Slot } from '../../../server/sim/ladder.ts';
import { QUOTE_DEPTH, type Quote, Quotes } from '../../../server/sim/quotes.ts';
import { mulberry32, Rng } from '../../../server/sim/random.ts';

let nextId = 1;

/** A resting order at `price` (only what the quotes look at). */
function resting(price: number, side: Side): Slot {
  const order = { id: nextId++, price, side, status: OrderStatus.open } as Order;
  return { price, order, pending: false };
}

function quote(slot: Slot, side: Side, until: number): Quote {
  return { side, slot, until };
}

describe('Quotes', () => {
  it('gives back the quotes whose time is up, keeps the others, and lets pending ones wait', () => {
    const quotes = new Quotes(10);
    const early = quote(resting(99, Side.buy), Side.buy, 1_000);
    const late = quote(resting(101, Side.sell), Side.sell, 5_000);
    const pending = quote({ price: 98, order: null, pending: true }, Side.buy, 500);
    for (const q of [early, late, pending]) quotes.add(q);
    expect(quotes.takeDue(900, 0)).toEqual([]);
    expect(quotes.takeDue(2_000, 0)).toEqual([early]);
    expect(quotes.size).toBe(2);
    pending.slot.pending = false;
    pending.slot.order = resting(98, Side.buy).order;
    expect(quotes.takeDue(2_001, 0)).toEqual([pending]);
    expect(quotes.takeDue(6_000, 0)).toEqual([late]);
    expect(quotes.size).toBe(0);
  });

  it('drops filled or cancelled quotes without asking to cancel them', () => {
    const quotes = new Quotes(10);
    const filled = quote(resting(99, Side.buy), Side.buy, 1_000);
    (filled.slot.order as Order).status = OrderStatus.filled;
    quotes.add(filled);
    expect(quotes.takeDue(2_000, 0)).toEqual([]);
    expect(quotes.size).toBe(0);
  });

  it('makes room for new quotes by taking the oldest away first', () => {
    const quotes = new Quotes(1);
    const live: Quote[] = [];
    for (let i = 0; i < quotes.max; i++) {
      live.push(quote(resting(100 - i, Side.buy), Side.buy, 10_000));
      quotes.add(live[i] as Quote);
    }
    expect(quotes.takeDue(0, 2)).toEqual(live.slice(0, 2));
    expect(quotes.size).toBe(quotes.max - 2);
  });

  it('takes away the quotes a moved ladder left better than its best price, on either side', () => {
    const quotes = new Quotes(10);
    const highBid = quote(resting(100, Side.buy), Side.buy, 10_000);
    const bid = quote(resting(97, Side.buy), Side.buy, 10_000);
    const lowAsk = quote(resting(101, Side.sell), Side.sell, 10_000);
    const ask = quote(resting(104, Side.sell), Side.sell, 10_000);
    for (const q of [highBid, bid, lowAsk, ask]) quotes.add(q);
    // The ladder now bids 98 at best and asks 102 at best.
    expect(quotes.takeDue(0, 0, 98, 102)).toEqual([highBid, lowAsk]);
    expect(quotes.size).toBe(2);
  });

  it('puts new quotes on resting ladder levels near the touch, the best most often', () => {
    const bids = new LadderSide(Side.buy);
    bids.slots = [{ price: 101, order: null, pending: true }];
    for (let p = 100; p > 50; p--) bids.slots.push(resting(p, Side.buy));
    const quotes = new Quotes(10);
    const rng = new Rng(mulberry32(5));
    const picks = new Map<number, number>();
    for (let i = 0; i < 5_000; i++) {
      const price = quotes.pickLevel(bids.resting(), rng) as number;
      picks.set(price, (picks.get(price) ?? 0) + 1);
    }
    // Never the pending level, never past the first QUOTE_DEPTH resting ones.
    expect(picks.has(101)).toBe(false);
    expect(Math.min(...picks.keys())).toBeGreaterThan(100 - QUOTE_DEPTH);
    expect(picks.get(100)).toBeGreaterThan(picks.get(99) ?? 0);
    expect(picks.get(99)).toBeGreaterThan(picks.get(95) ?? 0);
    expect(quotes.pickLevel(new LadderSide(Side.sell).resting(), rng)).toBeUndefined();
  });

  it('lives about its mean life, never past six times it', () => {
    const quotes = new Quotes(10);
    const rng = new Rng(mulberry32(6));
    const lives = Array.from({ length: 20_000 }, () => quotes.life(rng));
    const mean = lives.reduce((a, b) => a + b, 0) / lives.length;
    expect(mean).toBeGreaterThan(1.3);
    expect(mean).toBeLessThan(1.6);
    expect(Math.max(...lives)).toBeLessThanOrEqual(9);
  });
});
