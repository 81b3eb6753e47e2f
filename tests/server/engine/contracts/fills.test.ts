import { describe, expect, it } from 'vitest';
import { ActionCode, MarginModel } from '../../../../common/margin/codes.ts';
import { liquidationPrice } from '../../../../common/margin/liquidation.ts';
import type { ClosedPosition } from '../../../../server/engine/contracts/fills.ts';
import { isolatedSet } from '../../../../server/engine/contracts/liquidation.ts';
import type { SwapEvent } from '../../../../server/engine/contracts/types.ts';
import { engineWith, limit, market, Side, USDT } from './fixtures.ts';

// BTC_USDT: 95 000.0 is 950 000 ticks; 1 000 contracts are 1 BTC (95 000 USDT), taker 0.06 %, maker 0.02 %.
const P = 950_000;

const closedOf = (events: SwapEvent[]) =>
  events.flatMap((e) => (e.type === 'positionClosed' ? [e.closed] : [])) as ClosedPosition[];
const fillsOf = (events: SwapEvent[]) => events.flatMap((e) => (e.type === 'fill' ? [e] : []));

describe('position tally (position history)', () => {
  it('splits a flip’s fee between the position it closes and the one it opens, by contracts', () => {
    const { engine } = engineWith({ 1: 100_000 * USDT, 2: 100_000 * USDT });
    engine.place(limit(2, Side.sell, P, 1000));
    engine.place(market(1, Side.buy, 1000));
    engine.place(limit(2, Side.buy, 940_000, 1500));
    const flip = engine.place(market(1, Side.sell, 1500));
    // Both sides flip: user 2's short closes too (maker first); user 1's long is the one checked here.
    const closed = closedOf(flip.events).find((c) => c.userId === 1);
    // Open fee 57; the flip's 84.6 (0.06 % of 141 000) is 56.4 for the 1 000 closed and 28.2 for the 500 opened.
    expect(closed).toMatchObject({ action: ActionCode.open, maxContracts: 1000 });
    expect(closed?.tally).toEqual({
      openValue: closed?.cost,
      openContracts: 1000,
      closeValue: closed ? (closed.cost * 94n) / 95n : 0n,
      closeContracts: 1000,
      fees: 57 * USDT + 56_400_000,
    });
    const short = engine.holdings.find(1, 'BTC_USDT', 'both');
    expect(short?.position).toMatchObject({ sign: -1, contracts: 500 });
    expect(short?.tally).toMatchObject({ openContracts: 500, closeContracts: 0, fees: 28_200_000 });
    // Each side of the fill is one row of trade history, with its own fee and PnL.
    const fills = fillsOf(flip.events);
    expect(fills.map((f) => [f.order.userId, f.maker, f.fee, f.pnl])).toEqual([
      [2, true, 28_200_000, closedOf(flip.events).find((c) => c.userId === 2)?.realized],
      [1, false, 84_600_000, closed ? closed.realized : 0n],
    ]);
  });

  it('gives each side of an ADL transfer its own order and fill row, and names ADL as what closed it', () => {
    const { engine } = engineWith({ 0: 0, 1: 10_000 * USDT, 2: 100_000 * USDT });
    engine.setMarginModel(1, 'BTC_USDT', MarginModel.isolated);
    engine.place(limit(2, Side.sell, P, 1000));
    engine.place(market(1, Side.buy, 1000));
    engine.setMark('BTC_USDT', P);
    const holding = engine.holdings.find(1, 'BTC_USDT', 'both');
    const btc = engine.market('BTC_USDT');
    if (!holding || !btc) throw new Error('no position');
    const hit = engine.setMark('BTC_USDT', liquidationPrice(isolatedSet(btc.contract, holding)) as number);
    const closed = closedOf(hit.events);
    expect(closed.map((c) => [c.userId, c.action])).toEqual([
      [1, ActionCode.liquidation],
      [2, ActionCode.autoDeleveraging],
    ]);
    const fills = fillsOf(hit.events);
    expect(fills.map((f) => f.order.userId)).toEqual([1, 2]);
    const [a, b] = fills;
    expect(a?.tradeId).toBe(b?.tradeId);
    expect(a?.order.id).not.toBe(b?.order.id);
    const orderIds = hit.events.flatMap((e) => (e.type === 'order' ? [e.order.id] : []));
    expect(new Set(orderIds).size).toBe(orderIds.length);
  });
});
