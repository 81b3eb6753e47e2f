import { describe, expect, it } from 'vitest';
import type { ConvertCoin, ConvertPrice } from '../../../../../src/features/assets/convert/api.ts';
import {
  amountProblem,
  type ConvertAction,
  type ConvertState,
  canConvert,
  initialConvert,
  planConvert,
  priceRequest,
  rateFits,
  reduceConvert,
  secondsLeft,
  shownProblem,
} from '../../../../../src/features/assets/convert/convert-model.ts';
import { REFRESH_MARGIN_MS } from '../../../../../src/features/assets/convert/logic.ts';

const coins: ConvertCoin[] = [
  { coin: 'USDT', name: 'Tether', logoUrl: '', decimals: 6, available: '100' },
  { coin: 'BTC', name: 'Bitcoin', logoUrl: '', decimals: 8, available: '0' },
];
const usdt = coins[0];
const quote = (fields: Partial<ConvertPrice> = {}): ConvertPrice => ({
  from: 'USDT',
  to: 'BTC',
  price: '60000',
  rate: '0.0000166',
  spread: '0.002',
  amount: '10',
  receive: '0.000166',
  quoteId: 'q1',
  expiresAt: null,
  validMs: 10_000,
  ...fields,
});
const run = (...actions: ConvertAction[]): ConvertState => actions.reduce(reduceConvert, initialConvert(0));

describe('quick exchange model (spec shell §7 quick exchange price and add)', () => {
  it('starts from the first coin held in spot, and never lets both sides hold the same coin', () => {
    const s = run({ type: 'coins', coins });
    expect(s.pair).toEqual({ from: 'USDT', to: 'BTC' });
    expect(reduceConvert(s, { type: 'coins', coins: [] }).pair).toBe(s.pair);
    expect(reduceConvert(s, { type: 'from', coin: 'BTC' }).pair).toEqual({ from: 'BTC', to: 'USDT' });
    expect(reduceConvert(s, { type: 'to', coin: 'USDT' }).pair).toEqual({ from: 'BTC', to: 'USDT' });
    expect(reduceConvert(s, { type: 'to', coin: 'ETH' }).pair).toEqual({ from: 'USDT', to: 'ETH' });
    const swapped = reduceConvert(reduceConvert(s, { type: 'amount', amount: '5' }), { type: 'swap' });
    expect(swapped).toMatchObject({ pair: { from: 'BTC', to: 'USDT' }, amount: '' });
  });

  it('asks for the rate alone until the amount is valid, at once when only time passed', () => {
    const s = run({ type: 'coins', coins }, { type: 'amount', amount: '10.' });
    expect(priceRequest(s, 6, 500)).toEqual({ key: 'USDT|BTC|10', from: 'USDT', to: 'BTC', amount: '10', delay: 500 });
    const asked = reduceConvert(s, { type: 'asking', key: 'USDT|BTC|10' });
    expect(asked.quoting).toBe(true);
    expect(priceRequest(asked, 6, 500)?.delay).toBe(0);
    expect(priceRequest(reduceConvert(s, { type: 'amount', amount: 'abc' }), 6, 500)?.amount).toBe('');
    expect(priceRequest(run(), 6, 500)).toBeNull();
    expect(
      priceRequest(run({ type: 'coins', coins }, { type: 'to', coin: 'ETH' }, { type: 'from', coin: 'ETH' }), 6, 500),
    ).not.toBeNull();
  });

  it('keeps a quote, counts down to the next price and asks again before it runs out', () => {
    const q = quote();
    let s = run({ type: 'coins', coins }, { type: 'amount', amount: '10' }, { type: 'quoted', quote: q, at: 1000 });
    expect(s).toMatchObject({ quote: q, quoting: false, quoteError: null });
    expect(rateFits(s)).toBe(true);
    s = reduceConvert(s, { type: 'tick', now: 2000 });
    expect(secondsLeft(s)).toBe(Math.ceil((1000 + 10_000 - REFRESH_MARGIN_MS - 2000) / 1000));
    expect(s.refresh).toBe(0);
    s = reduceConvert(s, { type: 'tick', now: 1000 + 10_000 - REFRESH_MARGIN_MS });
    expect(s.refresh).toBe(1);
    expect(secondsLeft(s)).toBe(0);
    const refused = reduceConvert(s, { type: 'refused', message: 'No price' });
    expect(refused).toMatchObject({ quote: null, quoteError: 'No price', quoting: false });
    expect(reduceConvert({ ...s, quoting: true }, { type: 'dropped' }).quoting).toBe(false);
  });

  it('converts only at a quote made for these coins and this amount', () => {
    const s = run(
      { type: 'coins', coins },
      { type: 'amount', amount: '10' },
      { type: 'quoted', quote: quote(), at: 0 },
    );
    expect(canConvert(s)).toBe(true);
    expect(canConvert(reduceConvert(s, { type: 'amount', amount: '11' }))).toBe(false);
    expect(canConvert(reduceConvert(s, { type: 'swap' }))).toBe(false);
    const plan = planConvert(s, usdt);
    expect(plan.convert).toEqual({ from: 'USDT', to: 'BTC', amount: '10', quoteId: 'q1' });
    expect(plan.state).toMatchObject({ busy: true, checked: true });
    expect(planConvert(plan.state, usdt).convert).toBeNull();
  });

  it('shows an amount problem once a submit was tried, or at once for too many decimals or too much', () => {
    const empty = run({ type: 'coins', coins });
    expect(amountProblem(empty, usdt)).toBe('required');
    expect(shownProblem(empty, usdt)).toBeNull();
    const tried = planConvert(empty, usdt);
    expect(tried.convert).toBeNull();
    expect(shownProblem(tried.state, usdt)).toBe('required');
    expect(shownProblem(reduceConvert(empty, { type: 'amount', amount: '1.1234567' }), usdt)).toBe('decimals');
    expect(shownProblem(reduceConvert(empty, { type: 'amount', amount: '101' }), usdt)).toBe('exceeds');
  });

  it('shows the result, asks again after a refusal, and starts over', () => {
    const s = run(
      { type: 'coins', coins },
      { type: 'amount', amount: '10' },
      { type: 'quoted', quote: quote(), at: 0 },
    );
    const busy = planConvert(s, usdt).state;
    expect(reduceConvert(busy, { type: 'converted', record: null })).toMatchObject({
      busy: false,
      refresh: 1,
      result: null,
    });
    const record = {
      id: 1,
      from: 'USDT',
      to: 'BTC',
      amount: '10',
      receive: '0.000166',
      rate: '0.0000166',
      createTime: 0,
    };
    const done = reduceConvert(busy, { type: 'converted', record });
    expect(done.result).toEqual(record);
    expect(priceRequest(done, 6, 500)).toBeNull();
    expect(reduceConvert(done, { type: 'again' })).toMatchObject({
      result: null,
      amount: '',
      quote: null,
      checked: false,
      asked: '',
    });
    expect(reduceConvert(s, { type: 'history' }).history).toBe(true);
  });
});
