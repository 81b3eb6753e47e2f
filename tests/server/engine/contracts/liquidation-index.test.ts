import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { emptyTally, type Holding } from '../../../../server/engine/contracts/holdings.ts';
import { LiquidationIndex } from '../../../../server/engine/contracts/liquidation-index.ts';

const holding = (id: number, sign: 1 | -1): Holding => ({
  id,
  userId: id,
  symbol: 'BTC_USDT',
  positionSide: 'both',
  position: { sign, contracts: 1, cost: 1n },
  maxContracts: 1,
  marginModel: 2,
  leverage: 10,
  isolatedMargin: 1,
  realized: 0n,
  resting: [0n, 0n],
  tally: emptyTally(),
  adlQuantile: 0,
  openedAt: 0,
  updatedAt: 0,
});

describe('the liquidation index', () => {
  it('gives the longs a falling mark reaches and the shorts a rising one, each once', () => {
    const index = new LiquidationIndex();
    const [a, b, c] = [holding(1, 1), holding(2, 1), holding(3, -1)];
    index.set(a, 900);
    index.set(b, 800);
    index.set(c, 1200);
    expect(index.due(1000)).toEqual([]);
    expect(index.due(850)).toEqual([a]);
    expect(index.due(850)).toEqual([]);
    expect(index.due(1300)).toEqual([c]);
    expect(index.due(700)).toEqual([b]);
  });

  it('forgets a position’s old price when it moves, and a position taken out', () => {
    const index = new LiquidationIndex();
    const a = holding(1, 1);
    index.set(a, 900);
    index.set(a, 700);
    expect(index.due(850)).toEqual([]);
    index.set(a, null);
    expect(index.due(1)).toEqual([]);
    index.set(a, 900);
    expect(index.due(900)).toEqual([a]);
  });

  it('finds exactly the positions a naive scan finds (property)', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ id: fc.integer({ min: 0, max: 30 }), price: fc.option(fc.integer({ min: 1, max: 100 })) }),
          {
            maxLength: 3000,
          },
        ),
        fc.integer({ min: 1, max: 100 }),
        (updates, mark) => {
          const index = new LiquidationIndex();
          const holdings = Array.from({ length: 31 }, (_, i) => holding(i, i % 2 === 0 ? 1 : -1));
          const prices = new Map<Holding, number>();
          for (const u of updates) {
            const h = holdings[u.id] as Holding;
            index.set(h, u.price);
            if (u.price === null) prices.delete(h);
            else prices.set(h, u.price);
          }
          const expected = [...prices]
            .filter(([h, p]) => (h.position?.sign === 1 ? p >= mark : p <= mark))
            .map(([h]) => h.userId)
            .sort((x, y) => x - y);
          expect(
            index
              .due(mark)
              .map((h) => h.userId)
              .sort((x, y) => x - y),
          ).toEqual(expected);
        },
      ),
    );
  });
});
