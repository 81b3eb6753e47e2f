import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { OrderStatus, Side } from '../../../common/trading.ts';
import type { Order } from '../../../server/exchange/index.ts';
import { LadderSide, ladderShape, type Slot } from '../../../server/sim/ladder.ts';
import { mulberry32, Rng } from '../../../server/sim/random.ts';

describe('ladderShape', () => {
  it('keeps one tick between levels unless a tick is much finer than the minimum spacing', () => {
    // SOL/USDT at 180.00: a tick is 0.0056 % of the price.
    expect(ladderShape(300, 18_000, 0.00003).step).toBe(1);
    // BTC/USDT at 95000.00: 1 cent ticks, so levels 2 USD apart; 1000 of them reach about ±2 %.
    const btc = ladderShape(1000, 9_500_000, 0.00003);
    expect(btc.step).toBe(200);
    expect(btc.fine).toBeGreaterThan(0);
    expect((btc.levels * btc.step) / 9_500_000).toBeGreaterThan(0.015);
    // ETH/USDT at 3400.00: 10 cent levels.
    expect(ladderShape(1000, 340_000, 0.00003).step).toBe(10);
  });
});

function order(id: number, price: number, side: Side): Order {
  return {
    id,
    userId: 1,
    symbol: 'X/Y',
    side,
    type: 1,
    price,
    quantity: 1,
    budget: 0,
    triggerPrice: 0,
    triggerType: 0,
    createdAt: 0,
    remaining: 1,
    filled: 0,
    turnover: 0,
    fee: 0,
    frozen: 1,
    status: OrderStatus.open,
    triggered: false,
    bookSeq: id,
    updatedAt: 0,
    prev: null,
    next: null,
  };
}

describe('LadderSide', () => {
  it('wants consecutive ticks from a few ticks off the anchor, never a price below one tick', () => {
    const bids = new LadderSide(Side.buy);
    bids.fillDesired(ladderShape(5, 100, 0.00003), 100.4);
    expect(bids.desired).toEqual([99, 98, 97, 96, 95]);
    const asks = new LadderSide(Side.sell);
    asks.fillDesired(ladderShape(5, 100, 0.00003), 100.4);
    expect(asks.desired).toEqual([102, 103, 104, 105, 106]);
    const low = new LadderSide(Side.buy);
    low.fillDesired(ladderShape(5, 3, 0.00003), 3);
    expect(low.desired).toEqual([2, 1]);
  });

  it('puts two fine levels at the touch and the rest on multiples of the step', () => {
    const shape = ladderShape(5, 9_500_000, 0.00003);
    const bids = new LadderSide(Side.buy);
    bids.fillDesired(shape, 9_500_050.5);
    expect(bids.desired).toEqual([9_500_049, 9_500_048, 9_500_000, 9_499_800, 9_499_600]);
    const asks = new LadderSide(Side.sell);
    asks.fillDesired(shape, 9_500_050.5);
    expect(asks.desired).toEqual([9_500_052, 9_500_053, 9_500_200, 9_500_400, 9_500_600]);
  });

  it('plans exactly the difference between what rests and what is wanted', () => {
    const arbitrary = fc.record({
      side: fc.constantFrom(Side.buy, Side.sell),
      levels: fc.integer({ min: 1, max: 30 }),
      price: fc.integer({ min: 5, max: 100_000 }),
      anchorShift: fc.double({ min: -60, max: 60, noNaN: true }),
      prices: fc.array(fc.integer({ min: -80, max: 80 }), { maxLength: 40 }),
      pending: fc.array(fc.boolean(), { maxLength: 40 }),
    });
    fc.assert(
      fc.property(arbitrary, ({ side, levels, price, anchorShift, prices, pending }) => {
        const ladder = new LadderSide(side);
        const shape = ladderShape(levels, price, 0.00003);
        const step = shape.step;
        ladder.adopt(prices.map((p, i) => order(i + 1, Math.max(1, price + p * step + (i % 3 === 0 ? 1 : 0)), side)));
        ladder.slots.forEach((slot, i) => {
          if (pending[i]) {
            slot.pending = true;
            slot.order = null;
          }
        });
        ladder.fillDesired(shape, price + anchorShift * step);
        ladder.plan();
        const desired = new Set(ladder.desired);
        const first = ladder.desired[0];
        const last = ladder.desired.at(-1);
        for (const slot of ladder.near) expect(first !== undefined && ladder.better(slot.price, first)).toBe(true);
        for (const slot of ladder.beyond) expect(last === undefined || ladder.better(last, slot.price)).toBe(true);
        for (const slot of ladder.off) expect(desired.has(slot.price) && !isDuplicate(ladder.slots, slot)).toBe(false);
        // Every wanted price is either held by exactly one kept slot or listed as missing.
        const skipped = new Set<Slot>([...ladder.near, ...ladder.off, ...ladder.beyond]);
        const kept = ladder.slots.filter((slot) => !skipped.has(slot)).map((slot) => slot.price);
        const missing = ladder.missing.map((j) => ladder.desired[j]);
        expect(new Set(kept).size).toBe(kept.length);
        expect([...kept, ...missing].sort((a, b) => (a ?? 0) - (b ?? 0))).toEqual(
          [...ladder.desired].sort((a, b) => a - b),
        );
      }),
      { numRuns: 300 },
    );
  });

  it('plans the best levels of a refill as the whole plan does, and looks no further', () => {
    const arbitrary = fc.record({
      side: fc.constantFrom(Side.buy, Side.sell),
      levels: fc.integer({ min: 1, max: 40 }),
      limit: fc.integer({ min: 1, max: 20 }),
      anchorShift: fc.integer({ min: -5, max: 5 }),
      gone: fc.array(fc.boolean(), { maxLength: 40 }),
    });
    fc.assert(
      fc.property(arbitrary, ({ side, levels, limit, anchorShift, gone }) => {
        const shape = ladderShape(levels, 1_000, 0.00003);
        const ladder = new LadderSide(side);
        ladder.fillDesired(shape, 1_000);
        ladder.adopt(ladder.desired.map((price, i) => order(i + 1, price, side)));
        // Takers filled some of them; the anchor may have moved a little since.
        ladder.slots.forEach((slot, i) => {
          if (gone[i] && slot.order) slot.order.status = OrderStatus.filled;
        });
        const full = new LadderSide(side);
        full.slots = [...ladder.slots];
        full.prune();
        full.fillDesired(shape, 1_000 + anchorShift);
        full.plan();
        ladder.prune(2 * limit);
        ladder.fillDesired(shape, 1_000 + anchorShift);
        ladder.plan(limit);
        expect(ladder.missing).toEqual(full.missing.filter((j) => j < limit));
        expect(ladder.near).toEqual(full.near);
        // A limit of the whole ladder or more is the whole plan.
        expect(ladder.beyond).toEqual(limit < full.desired.length ? [] : full.beyond);
        for (const slot of ladder.off) expect(full.off).toContain(slot);
        // Past the best 2 × limit live orders, the pruned list is the old one in the same order.
        expect(ladder.slots.filter((slot) => slot.order?.status === OrderStatus.open).length).toBe(full.slots.length);
      }),
      { numRuns: 300 },
    );
  });

  it('merges new slots in price order', () => {
    const asks = new LadderSide(Side.sell);
    asks.adopt([order(1, 105, Side.sell), order(2, 101, Side.sell)]);
    asks.insert([
      { price: 100, order: null, pending: true },
      { price: 103, order: null, pending: true },
      { price: 110, order: null, pending: true },
    ]);
    expect(asks.slots.map((s) => s.price)).toEqual([100, 101, 103, 105, 110]);
  });
});

/** A slot at a wanted price that is not the first at that price. */
function isDuplicate(slots: readonly Slot[], slot: Slot): boolean {
  return slots.findIndex((s) => s.price === slot.price) !== slots.indexOf(slot);
}

describe('Rng', () => {
  it('repeats itself for a seed', () => {
    const a = new Rng(mulberry32(42));
    const b = new Rng(mulberry32(42));
    const draws = (r: Rng) => [r.next(), r.gaussian(), r.poisson(3), r.int(1, 6), r.logNormal(0.5)];
    expect(draws(a)).toEqual(draws(b));
  });

  it('draws Poisson counts with the asked mean', () => {
    const rng = new Rng(mulberry32(7));
    let sum = 0;
    for (let i = 0; i < 20_000; i++) sum += rng.poisson(0.75);
    expect(sum / 20_000).toBeCloseTo(0.75, 1);
  });
});
