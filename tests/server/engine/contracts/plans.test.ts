import { describe, expect, it } from 'vitest';
import { ActionCode, PricePreference, TpslMode } from '../../../../common/margin/codes.ts';
import { TriggerType } from '../../../../common/trading.ts';
import { PlanStatus } from '../../../../server/engine/contracts/plans.ts';
import { engineWith, limit, market, OrderType, Side, USDT } from './fixtures.ts';

const P = 950_000;
const index = TriggerType.indexPrice;
const trade = TriggerType.tradePrice;

/** User 1 long 1 000 contracts at P from user 2; user 3 bids and asks around it. */
function longPosition() {
  const setup = engineWith({ 1: 20_000 * USDT, 2: 20_000 * USDT, 3: 100_000 * USDT });
  const { engine } = setup;
  engine.place(limit(2, Side.sell, P, 1000));
  engine.place(market(1, Side.buy, 1000));
  engine.setIndex('BTC_USDT', P);
  engine.setMark('BTC_USDT', P);
  return setup;
}

describe('plans, TP/SL and trailing stops on the contract engine', () => {
  it('a whole TP on the index closes the position when reached and cancels its paired SL', () => {
    const { engine, accounts } = longPosition();
    const set = engine.setTpsl(1, 'BTC_USDT', 'both', TpslMode.whole, {
      takeProfit: { triggerPrice: P + 10_000, triggerType: index },
      stopLoss: { triggerPrice: P - 10_000, triggerType: index },
    });
    expect(set.ok && set.plans?.length).toBe(2);
    engine.place(limit(3, Side.buy, P + 10_000, 1000));
    const moved = engine.setIndex('BTC_USDT', P + 10_000);
    expect(engine.holdings.find(1, 'BTC_USDT', 'both')?.position).toBeNull();
    const plans = moved.events.flatMap((e) => (e.type === 'plan' ? [e.plan] : []));
    expect(new Map(plans.map((p) => [p.kind, p.status]))).toEqual(
      new Map([
        ['takeProfit', PlanStatus.triggered],
        ['stopLoss', PlanStatus.cancelled],
      ]),
    );
    const closing = moved.events.find((e) => e.type === 'order' && e.order.action === ActionCode.positionTakeProfit);
    expect(closing).toBeDefined();
    expect(engine.plansOf(1)).toEqual([]);
    accounts.assertConserved();
  });

  it('a stop loss given with the order guards what the order filled, on the last price', () => {
    const { engine } = engineWith({ 1: 20_000 * USDT, 2: 20_000 * USDT, 3: 100_000 * USDT, 4: 100_000 * USDT });
    engine.place(limit(2, Side.sell, P, 400));
    const opened = engine.place(
      limit(1, Side.buy, P, 1000, { stopLoss: { triggerPrice: P - 20_000, triggerType: trade } }),
    );
    expect(opened.ok).toBe(true);
    expect(engine.plansOf(1).map((p) => [p.kind, p.volume])).toEqual([['stopLoss', 400]]);
    engine.place(limit(2, Side.sell, P, 100));
    expect(engine.plansOf(1)[0]?.volume).toBe(500);
    if (!opened.ok || !opened.order) throw new Error('not placed');
    engine.cancel(1, opened.order.id);
    expect(engine.plansOf(1)[0]?.volume).toBe(500);
    // A trade at the stop between others moves the last price there.
    engine.place(limit(3, Side.buy, P - 20_000, 2000));
    engine.place(market(4, Side.sell, 1));
    expect(engine.holdings.find(1, 'BTC_USDT', 'both')?.position).toBeNull();
    expect(engine.plansOf(1)).toEqual([]);
  });

  it('a trailing stop on the mark tracks the high and sells 1 % below it', () => {
    const { engine } = longPosition();
    engine.setPricePreference(1, PricePreference.mark);
    expect(engine.placeTrailing(1, 'BTC_USDT', 'both', 0, 1_000_000n, 0).ok).toBe(true);
    engine.place(limit(3, Side.buy, 900_000, 2000));
    engine.setMark('BTC_USDT', 1_000_000);
    expect(engine.holdings.find(1, 'BTC_USDT', 'both')?.position?.contracts).toBe(1000);
    engine.setMark('BTC_USDT', 990_001);
    expect(engine.holdings.find(1, 'BTC_USDT', 'both')?.position?.contracts).toBe(1000);
    engine.setMark('BTC_USDT', 990_000);
    expect(engine.holdings.find(1, 'BTC_USDT', 'both')?.position).toBeNull();
  });

  it('a trailing stop reports each new extreme as a plan event, so the journal keeps it across a restart', () => {
    const { engine } = longPosition();
    engine.setPricePreference(1, PricePreference.mark);
    engine.placeTrailing(1, 'BTC_USDT', 'both', 0, 1_000_000n, 0);
    const extremes = (moved: ReturnType<typeof engine.setMark>) =>
      moved.events.flatMap((e) => (e.type === 'plan' ? [e.plan.trail?.extreme] : []));
    expect(extremes(engine.setMark('BTC_USDT', 1_000_000))).toEqual([1_000_000]);
    // Below the high: nothing changed, nothing to write.
    expect(extremes(engine.setMark('BTC_USDT', 995_000))).toEqual([]);
    expect(extremes(engine.setMark('BTC_USDT', 1_010_000))).toEqual([1_010_000]);
  });

  it('an open plan waits off the book and opens when the index crosses it', () => {
    const { engine } = longPosition();
    engine.place(limit(3, Side.sell, P + 5_000, 500));
    const planned = engine.placePlan({
      ...market(2, Side.buy, 500),
      triggerPrice: P + 5_000,
      triggerType: index,
      orderType: OrderType.market,
    });
    expect(planned.ok).toBe(true);
    expect(engine.holdings.find(2, 'BTC_USDT', 'both')?.position?.contracts).toBe(1000);
    engine.setIndex('BTC_USDT', P + 5_000);
    expect(engine.holdings.find(2, 'BTC_USDT', 'both')?.position?.contracts).toBe(500);
  });

  it('closing a position by hand retires its TP/SL legs; refusals change nothing', () => {
    const { engine } = longPosition();
    expect(
      engine.setTpsl(1, 'BTC_USDT', 'both', TpslMode.whole, {
        takeProfit: { triggerPrice: P - 1, triggerType: index },
      }),
    ).toMatchObject({ ok: false, reason: 'triggerWouldFire' });
    expect(
      engine.setTpsl(3, 'BTC_USDT', 'both', TpslMode.whole, {
        takeProfit: { triggerPrice: P + 1, triggerType: index },
      }),
    ).toMatchObject({ ok: false, reason: 'noPosition' });
    expect(
      engine.setTpsl(1, 'BTC_USDT', 'both', TpslMode.partial, {
        stopLoss: { triggerPrice: P - 1, triggerType: index },
        volume: 1001,
      }),
    ).toMatchObject({ ok: false, reason: 'badVolume' });
    expect(engine.plansOf(1)).toEqual([]);
    engine.setTpsl(1, 'BTC_USDT', 'both', TpslMode.partial, {
      stopLoss: { triggerPrice: P - 1, triggerType: index },
      volume: 300,
    });
    engine.place(limit(3, Side.buy, P, 1000));
    engine.place(market(1, Side.sell, 1000, { close: true }));
    expect(engine.plansOf(1)).toEqual([]);
  });
});
