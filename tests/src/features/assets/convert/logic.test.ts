import { describe, expect, it } from 'vitest';
import type { ConvertPrice } from '../../../../../src/features/assets/convert/api.ts';
import { defaultPair, quoteFits, rateText, spreadPercent } from '../../../../../src/features/assets/convert/logic.ts';

const quote = (q: Partial<ConvertPrice>): ConvertPrice => ({
  from: 'BTC',
  to: 'USDT',
  price: '95000',
  rate: '94810',
  spread: '0.002',
  amount: '0.1',
  receive: '9481',
  quoteId: 'q1',
  expiresAt: 1,
  validMs: 10_000,
  ...q,
});

describe('the convert rate on screen', () => {
  it('shows 8 decimals from 1 up and six significant digits below, truncated', () => {
    expect(rateText('94810')).toBe('94,810'); // grouped like other prices (issue 19 item 7)
    expect(rateText('27.885294117647058823')).toBe('27.88529411');
    expect(rateText('0.052835294117647058')).toBe('0.0528352');
    expect(rateText('0.000010505263157894')).toBe('0.0000105052');
  });
  it('collapses five or more leading zeros (spec shell §9)', () => {
    expect(rateText('0.000000000189473684')).toBe('0.0₉189473');
  });
  it('states the spread as a percent', () => {
    expect(spreadPercent('0.002')).toBe('0.2');
  });
});

describe('whether a quote can be converted', () => {
  it('fits only the coins and exact amount it was made for', () => {
    expect(quoteFits(quote({}), 'BTC', 'USDT', '0.1')).toBe(true);
    expect(quoteFits(quote({}), 'BTC', 'USDT', '0.10')).toBe(true);
    expect(quoteFits(quote({}), 'BTC', 'USDT', '1e-1')).toBe(false);
    expect(quoteFits(quote({}), 'BTC', 'USDT', '1e-1')).toBe(false);
    expect(quoteFits(quote({}), 'ETH', 'USDT', '0.1')).toBe(false);
    expect(quoteFits(quote({ quoteId: null }), 'BTC', 'USDT', '0.1')).toBe(false);
    expect(quoteFits(null, 'BTC', 'USDT', '0.1')).toBe(false);
  });
});

describe('the first pair', () => {
  it('starts from the first coin with money, to USDT', () => {
    expect(
      defaultPair([
        { coin: 'USDT', available: '0' },
        { coin: 'BTC', available: '0.5' },
      ]),
    ).toEqual({ from: 'BTC', to: 'USDT' });
    expect(defaultPair([{ coin: 'USDT', available: '10' }])).toEqual({ from: 'USDT', to: 'BTC' });
    expect(defaultPair([])).toEqual({ from: 'USDT', to: 'BTC' });
  });
});
