import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MarginModel, PositionClass, TpslMode } from '../../../../common/margin/codes.ts';
import { notional } from '../../../../common/margin/grid.ts';
import { isLiquidatable } from '../../../../common/margin/liquidation.ts';
import { TriggerType } from '../../../../common/trading.ts';
import { isolatedSet } from '../../../../server/engine/contracts/liquidation.ts';
import { engineWith, limit, market, OrderType, Side, USDT } from './fixtures.ts';

const user = fc.integer({ min: 1, max: 4 });
const side = fc.constantFrom(Side.buy, Side.sell);
const price = fc.integer({ min: 900_000, max: 1_000_000 });
const volume = fc.integer({ min: 1, max: 3000 });

const action = fc.oneof(
  fc.record({ kind: fc.constant('limit' as const), user, side, price, volume, close: fc.boolean() }),
  fc.record({ kind: fc.constant('market' as const), user, side, volume, close: fc.boolean() }),
  fc.record({ kind: fc.constant('fok' as const), user, side, price, volume }),
  fc.record({ kind: fc.constant('cancelAll' as const), user }),
  fc.record({ kind: fc.constant('closeAll' as const), user }),
  fc.record({ kind: fc.constant('reverse' as const), user }),
  fc.record({ kind: fc.constant('leverage' as const), user, leverage: fc.integer({ min: 1, max: 125 }) }),
  fc.record({ kind: fc.constant('isolated' as const), user, on: fc.boolean() }),
  fc.record({ kind: fc.constant('hedge' as const), user, on: fc.boolean() }),
  fc.record({ kind: fc.constant('margin' as const), user, amount: fc.integer({ min: -2000, max: 2000 }) }),
  fc.record({ kind: fc.constant('tpsl' as const), user, tp: price, sl: price, partial: fc.boolean(), volume }),
  fc.record({ kind: fc.constant('trail' as const), user, rate: fc.bigInt({ min: 100_000n, max: 10_000_000n }) }),
  fc.record({ kind: fc.constant('plan' as const), user, side, price, volume }),
  fc.record({ kind: fc.constant('index' as const), price }),
  fc.record({ kind: fc.constant('funding' as const), price, rate: fc.bigInt({ min: -3_000_000n, max: 3_000_000n }) }),
  fc.record({ kind: fc.constant('mark' as const), price }),
  fc.record({ kind: fc.constant('mark' as const), price: fc.integer({ min: 500_000, max: 1_500_000 }) }),
);
type Action = typeof action extends fc.Arbitrary<infer A> ? A : never;

function run(engine: ReturnType<typeof engineWith>['engine'], a: Action): void {
  switch (a.kind) {
    case 'limit':
      engine.place(limit(a.user, a.side, a.price, a.volume, { close: a.close }));
      return;
    case 'market':
      engine.place(market(a.user, a.side, a.volume, { close: a.close }));
      return;
    case 'fok':
      engine.place(limit(a.user, a.side, a.price, a.volume, { type: OrderType.fillOrKill }));
      return;
    case 'cancelAll':
      engine.cancelAll(a.user);
      return;
    case 'closeAll':
      engine.closeAll(a.user);
      return;
    case 'reverse': {
      const id = engine.holdings.find(a.user, 'BTC_USDT', 'both')?.id ?? 0;
      engine.reverse(a.user, id);
      return;
    }
    case 'leverage':
      engine.setLeverage(a.user, 'BTC_USDT', a.leverage);
      return;
    case 'isolated':
      engine.setMarginModel(a.user, 'BTC_USDT', a.on ? MarginModel.isolated : MarginModel.cross);
      return;
    case 'hedge':
      engine.setPositionClass(a.user, 'BTC_USDT', a.on ? PositionClass.multi : PositionClass.single);
      return;
    case 'margin':
      engine.adjustMargin(a.user, 'BTC_USDT', 'both', a.amount * USDT);
      return;
    case 'tpsl':
      engine.setTpsl(a.user, 'BTC_USDT', 'both', a.partial ? TpslMode.partial : TpslMode.whole, {
        takeProfit: { triggerPrice: a.tp, triggerType: TriggerType.indexPrice },
        stopLoss: { triggerPrice: a.sl, triggerType: TriggerType.tradePrice },
        volume: a.volume,
      });
      return;
    case 'trail':
      engine.placeTrailing(a.user, 'BTC_USDT', 'both', 0, a.rate, 0);
      return;
    case 'plan':
      engine.placePlan({
        ...market(a.user, a.side, a.volume),
        triggerPrice: a.price,
        triggerType: TriggerType.indexPrice,
      });
      return;
    case 'index':
      engine.setIndex('BTC_USDT', a.price);
      return;
    case 'funding':
      engine.settleFunding('BTC_USDT', a.rate, a.price);
      return;
    case 'mark':
      engine.setMark('BTC_USDT', a.price);
      return;
  }
}

/** Each slot's resting notional is what its open opening orders add up to. */
function expectRestingKept(engine: ReturnType<typeof engineWith>['engine'], userId: number): void {
  const btc = engine.market('BTC_USDT');
  if (!btc) return;
  for (const positionSide of ['both', 'long', 'short'] as const) {
    const sums: [bigint, bigint] = [0n, 0n];
    for (const o of engine.openOrders(userId)) {
      if (o.positionSide !== positionSide || o.reduceOnly) continue;
      sums[o.side === 1 ? 0 : 1] += notional(btc.contract.grid, o.remaining, o.price);
    }
    expect(engine.holdings.find(userId, 'BTC_USDT', positionSide)?.resting ?? [0n, 0n]).toEqual(sums);
  }
}

/** After a mark, no isolated position is left at or below its maintenance: the index missed nothing. */
function expectNoneLeftToLiquidate(engine: ReturnType<typeof engineWith>['engine']): void {
  const btc = engine.market('BTC_USDT');
  if (!btc || btc.mark <= 0) return;
  for (const h of engine.holdings.openOn('BTC_USDT')) {
    if (h.userId === engine.fundUserId || h.marginModel !== MarginModel.isolated) continue;
    expect(isLiquidatable(isolatedSet(btc.contract, h), btc.mark)).toBe(false);
  }
}

describe('contract money is conserved and nobody without a position pays (property)', () => {
  it('over random orders, closes, close-alls, reversals, cancels, plans, TP/SL, trailing stops, funding, price moves, leverage and mode changes, liquidations and ADL: per coin, positions net to zero', () => {
    fc.assert(
      fc.property(fc.array(action, { minLength: 1, maxLength: 80 }), fc.boolean(), (actions, funded) => {
        const { engine, accounts } = engineWith({
          0: funded ? 1_000_000 * USDT : 0,
          5: 7_000 * USDT,
          1: 20_000 * USDT,
          2: 20_000 * USDT,
          3: 5_000 * USDT,
          4: 50_000 * USDT,
        });
        for (const a of actions) {
          run(engine, a);
          accounts.assertConserved();
          let net = 0;
          for (const h of engine.holdings.openOn('BTC_USDT'))
            net += (h.position?.sign ?? 0) * (h.position?.contracts ?? 0);
          expect(net).toBe(0);
          // Nothing is frozen but open orders' reservations and isolated margins.
          for (const u of [1, 2, 3, 4]) {
            const reserved = engine.openOrders(u).reduce((s, o) => s + o.frozen, 0);
            let isolated = 0;
            for (const h of engine.holdings.openOf(u)) isolated += h.isolatedMargin;
            expect(accounts.walletBalance(u, 'contract', 'USDT').frozen).toBe(reserved + isolated);
            // The running total the liquidator measures cross accounts with is the open cross orders' sum.
            const cross = engine.openOrders(u).filter((o) => o.marginModel === MarginModel.cross);
            expect(engine.crossReserved(u)).toBe(cross.reduce((s, o) => s + o.frozen, 0));
            expectRestingKept(engine, u);
          }
          if (a.kind === 'mark') expectNoneLeftToLiquidate(engine);
          // User 5 never trades: whatever liquidations and deleveraging happen, it never pays for them.
          expect(accounts.walletBalance(5, 'contract', 'USDT')).toMatchObject({ available: 7_000 * USDT, frozen: 0 });
        }
      }),
      { numRuns: 150 },
    );
  });
});
