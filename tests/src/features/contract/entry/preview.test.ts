import { describe, expect, it } from 'vitest';
import { notional } from '../../../../../common/margin/grid.ts';
import { previewOrder } from '../../../../../src/features/contract/entry/preview.ts';
import { context, position, SETTINGS, WALLET } from './fixtures.ts';

const { terms } = context();
const input = (over: Partial<Parameters<typeof previewOrder>[0]> = {}) => ({
  terms,
  settings: SETTINGS,
  wallet: WALLET,
  positions: [],
  mark: 950_000,
  fundingRate: '0.0001',
  ...over,
});

describe('the order preview (the server comparison is preview-server.test.ts)', () => {
  it('a first open: no before, the fee at the taker or maker rate, and what it reserves', () => {
    const taker = previewOrder(input(), { direction: 1, close: false, contracts: 100, ticks: 950_000, taker: true });
    expect(taker.before).toBeNull();
    const value = notional(terms.grid, 100, 950_000); // 9 500 USDT
    expect(taker.fee).toBe((value * 5n) / 10_000n); // 4.75 USDT
    expect(taker.cost).toBe(value / 20n + taker.fee);
    expect(taker.after).toMatchObject({ direction: 1, contracts: 100, margin: value / 20n });
    const maker = previewOrder(input(), { direction: 1, close: false, contracts: 100, ticks: 950_000, taker: false });
    expect(maker.fee).toBe((value * 2n) / 10_000n);
  });

  it('funding at the next settlement: a long pays a positive rate, a short receives it', () => {
    const long = previewOrder(input(), { direction: 1, close: false, contracts: 100, ticks: 950_000, taker: true });
    const short = previewOrder(input(), { direction: 2, close: false, contracts: 100, ticks: 950_000, taker: true });
    expect(long.after?.funding).toBe(-notional(terms.grid, 100, 950_000) / 10_000n);
    expect(short.after?.funding).toBe(notional(terms.grid, 100, 950_000) / 10_000n);
  });

  it('a full close leaves no position after; an open against a one-way position flips it', () => {
    const held = input({ positions: [position({ volume: 100 })] });
    const close = previewOrder(held, { direction: 1, close: true, contracts: 100, ticks: 950_000, taker: true });
    expect(close.before?.contracts).toBe(100);
    expect(close.after).toBeNull();
    expect(close.cost).toBe(close.fee);
    const flip = previewOrder(held, { direction: 2, close: false, contracts: 150, ticks: 950_000, taker: true });
    expect(flip.after).toMatchObject({ direction: 2, contracts: 50 });
    expect(flip.cost - flip.fee).toBe(notional(terms.grid, 50, 950_000) / 20n);
  });

  it('a long with more margin liquidates lower; a 1× isolated long never does', () => {
    const at = (leverage: number) =>
      previewOrder(input({ settings: { ...SETTINGS, leverageLong: leverage } }), {
        direction: 1,
        close: false,
        contracts: 100,
        ticks: 950_000,
        taker: true,
      }).after?.liquidation;
    expect((at(10) ?? 0) < (at(20) ?? 0)).toBe(true);
    expect(at(1)).toBeNull();
  });
});
