import { describe, expect, it } from 'vitest';
import {
  initialCoinExchange,
  quoteOf,
  reduceCoinExchange,
} from '../../../../src/features/content/convert/coin-exchange-model.ts';

const prices = new Map([
  ['BTC/USDT', 50_000],
  ['ETH/USDT', 2_500],
]);

describe('/coinExchange model', () => {
  it('starts from the link’s coins, upper-cased, else BTC into USDT', () => {
    expect(initialCoinExchange('eth', null)).toEqual({ from: 'ETH', to: 'USDT', amount: '1' });
    expect(initialCoinExchange(null, null)).toMatchObject({ from: 'BTC', to: 'USDT' });
  });

  it('swaps the coins and keeps 8 decimals of the amount', () => {
    const s = reduceCoinExchange(initialCoinExchange(null, null), { type: 'swap' });
    expect(s).toMatchObject({ from: 'USDT', to: 'BTC' });
    expect(reduceCoinExchange(s, { type: 'amount', text: '0.123456789' }).amount).toBe('0.12345678');
  });

  it('quotes through the hub, and names the first problem', () => {
    const s = reduceCoinExchange(initialCoinExchange('BTC', 'ETH'), { type: 'amount', text: '2' });
    expect(quoteOf(s, prices)).toMatchObject({ problem: null, quote: { receive: 40 } });
    expect(quoteOf({ ...s, to: 'BTC' }, prices).problem).toBe('sameCoin');
    expect(quoteOf({ ...s, amount: '0' }, prices).problem).toBe('invalidAmount');
    expect(quoteOf({ ...s, to: 'DOGE' }, prices).problem).toBe('noRoute');
    expect(quoteOf({ ...s, to: 'DOGE' }, null).problem).toBeNull();
  });
});
