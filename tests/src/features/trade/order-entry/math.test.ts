import { describe, expect, it } from 'vitest';
import { OrderType, Side } from '../../../../../common/trading.ts';
import {
  checkOrder,
  type EntryInput,
  feeOf,
  percentOf,
  type SpotAccount,
  totalOf,
  valuationPrice,
} from '../../../../../src/features/trade/order-entry/math.ts';

const account: SpotAccount = {
  symbol: 'BTC/USDT',
  coinHotMoney: '0.5',
  rmb: '10000',
  buyFeeRate: '0.001',
  sellFeeRate: '0.001',
  buyMinMoney: '5',
  sellMinCoin: '0.00001',
  keepDecimalForCoin: 5,
  keepDecimalForCurrency: 2,
  keepDecimalForTotal: 6,
  currentExchangPrice: '60000',
  buyOnePrice: '59999.5',
  sellOnePrice: '60000.5',
};
const coins = { base: 'BTC', quote: 'USDT' };
const input = (fields: Partial<EntryInput>): EntryInput => ({
  side: Side.buy,
  kind: 'limit',
  price: '',
  trigger: '',
  amount: '',
  total: '',
  ...fields,
});

describe('order entry math', () => {
  it('values a limit order at its price and a market order at the best opposite price', () => {
    expect(valuationPrice(input({ price: '123.4' }), account)).toBe('123.4');
    expect(valuationPrice(input({ kind: 'market' }), account)).toBe('60000.5');
    expect(valuationPrice(input({ kind: 'market', side: Side.sell }), account)).toBe('59999.5');
    expect(valuationPrice(input({ kind: 'market' }), { ...account, sellOnePrice: '0' })).toBe('60000');
  });

  it('computes the total exactly, truncated to the value decimals', () => {
    expect(totalOf('60000.01', '0.12345', account)).toBe('7407.001234');
    expect(totalOf('0.1', '0.3', account)).toBe('0.03');
    expect(totalOf('', '1', account)).toBe('');
    expect(totalOf('1.', '2', account)).toBe('2');
  });

  it('sizes by percent of the balance the order spends, truncating', () => {
    // 25 % of 10000 USDT at 60000 → 0.041666… BTC, cut to 5 decimals.
    expect(percentOf(input({ price: '60000' }), 25, account)).toBe('0.04166');
    expect(percentOf(input({ side: Side.sell }), 50, account)).toBe('0.25');
    expect(percentOf(input({ kind: 'market' }), 100, account)).toBe('10000');
    expect(percentOf(input({ price: '' }), 25, account)).toBe('');
    expect(percentOf(input({ side: Side.sell }), 100, { ...account, coinHotMoney: '0' })).toBe('');
  });

  it('estimates the fee in the coin received', () => {
    expect(feeOf(input({ price: '60000', amount: '0.1' }), account)).toBe('0.0001');
    expect(feeOf(input({ side: Side.sell, price: '60000', amount: '0.1' }), account)).toBe('6');
    expect(feeOf(input({ kind: 'market', total: '600.05' }), account)).toBe('0.00001');
    expect(feeOf(input({ price: '60000' }), account)).toBe('');
  });

  it('builds the bodies of limit, market and stop-limit orders', () => {
    expect(checkOrder(input({ price: '60000', amount: '0.1' }), account, coins)).toEqual({
      ok: true,
      body: { symbol: 'BTC/USDT', type: OrderType.limit, direction: Side.buy, price: '60000', amount: '0.1' },
    });
    expect(checkOrder(input({ kind: 'market', total: '100' }), account, coins)).toEqual({
      ok: true,
      body: { symbol: 'BTC/USDT', type: OrderType.market, direction: Side.buy, amount: '100' },
    });
    expect(checkOrder(input({ kind: 'market', side: Side.sell, amount: '0.2' }), account, coins)).toMatchObject({
      ok: true,
      body: { type: OrderType.market, direction: Side.sell, amount: '0.2' },
    });
    // Buy stop above the last price: stop-loss; below: take-profit. Sell the other way round.
    const stop = (side: Side, trigger: string) =>
      checkOrder(input({ side, kind: 'stop', price: '60000', trigger, amount: '0.01' }), account, coins);
    expect(stop(Side.buy, '61000')).toMatchObject({
      ok: true,
      body: { type: OrderType.stopLoss, triggerPrice: '61000' },
    });
    expect(stop(Side.buy, '59000')).toMatchObject({ ok: true, body: { type: OrderType.takeProfit } });
    expect(stop(Side.sell, '59000')).toMatchObject({ ok: true, body: { type: OrderType.stopLoss } });
    expect(stop(Side.sell, '61000')).toMatchObject({ ok: true, body: { type: OrderType.takeProfit } });
    expect(stop(Side.sell, '60000')).toEqual({ ok: false, error: { key: 'triggerAtLast' } });
  });

  it('refuses what the server would refuse, naming the limit', () => {
    const error = (fields: Partial<EntryInput>) => {
      const result = checkOrder(input(fields), account, coins);
      return result.ok ? null : result.error;
    };
    expect(error({ amount: '1' })).toEqual({ key: 'priceRequired' });
    expect(error({ price: '0', amount: '1' })).toEqual({ key: 'priceRequired' });
    expect(error({ price: '60000' })).toEqual({ key: 'amountRequired' });
    expect(error({ kind: 'stop', price: '60000', amount: '0.1' })).toEqual({ key: 'triggerRequired' });
    expect(error({ kind: 'market' })).toEqual({ key: 'totalRequired' });
    expect(error({ price: '60000', amount: '0.000001' })).toEqual({
      key: 'belowMinAmount',
      values: { min: '0.00001', coin: 'BTC' },
    });
    expect(error({ price: '1', amount: '1' })).toEqual({ key: 'belowMinTotal', values: { min: '5', coin: 'USDT' } });
    expect(error({ kind: 'market', total: '4.99' })).toEqual({
      key: 'belowMinTotal',
      values: { min: '5', coin: 'USDT' },
    });
    expect(error({ price: '60000', amount: '0.2' })).toEqual({ key: 'insufficient', values: { coin: 'USDT' } });
    expect(error({ kind: 'market', total: '10000.01' })).toEqual({ key: 'insufficient', values: { coin: 'USDT' } });
    expect(error({ side: Side.sell, price: '60000', amount: '0.50001' })).toEqual({
      key: 'insufficient',
      values: { coin: 'BTC' },
    });
    expect(
      checkOrder(
        input({ kind: 'market', side: Side.sell, amount: '0.1' }),
        { ...account, buyOnePrice: '0', currentExchangPrice: '0' },
        coins,
      ),
    ).toEqual({ ok: false, error: { key: 'noPrice' } });
  });
});
