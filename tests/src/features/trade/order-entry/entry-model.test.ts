import { describe, expect, it } from 'vitest';
import { OrderType, Side } from '../../../../../common/trading.ts';
import {
  availableText,
  confirmTotal,
  type EntryAction,
  type EntryContext,
  type EntryState,
  emptyEntry,
  feeText,
  planSubmit,
  reduceEntry,
  shownTotal,
  startSending,
} from '../../../../../src/features/trade/order-entry/entry-model.ts';
import type { SpotAccount } from '../../../../../src/features/trade/order-entry/math.ts';

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
const ctx = (fields: Partial<EntryContext> = {}): EntryContext => ({
  side: Side.buy,
  kind: 'limit',
  account,
  coins,
  ...fields,
});
const run = (c: EntryContext, ...actions: EntryAction[]): EntryState =>
  actions.reduce((s, a) => reduceEntry(s, a, c), emptyEntry());
const edit = (field: 'price' | 'trigger' | 'amount' | 'total', raw: string): EntryAction => ({
  type: 'edit',
  field,
  raw,
});

describe('order entry model (spec trading §3, §5)', () => {
  it('starts a limit order at the last price, once', () => {
    const c = ctx();
    const seeded = run(c, { type: 'seed' });
    expect(seeded.price).toBe('60000.00');
    expect(reduceEntry({ ...seeded, price: '1' }, { type: 'seed' }, c).price).toBe('1');
    expect(run(ctx({ account: null }), { type: 'seed' })).toEqual(emptyEntry());
    expect(run(ctx({ account: { ...account, currentExchangPrice: '0' } }), { type: 'seed' }).price).toBe('');
  });

  it('keeps what is typed to the numeric input rule at the account decimals', () => {
    const s = run(ctx(), edit('price', '6a0000.129'), edit('amount', '0.1234567'), edit('trigger', '1.239'));
    expect(s.price).toBe('60000.12');
    expect(s.amount).toBe('0.12345');
    expect(s.trigger).toBe('1.23');
    // Before the spot account loads: the spec's default 4 decimals (trading §3 keepDecimalFor*, §9 spot 4).
    const unknown = run(ctx({ account: null }), edit('amount', '0.123456789'), edit('price', '1.987654'));
    expect(unknown.amount).toBe('0.1234');
    expect(unknown.price).toBe('1.9876');
  });

  it('lets the total follow price × amount until a total is typed, which sizes the amount', () => {
    const c = ctx();
    const s = run(c, edit('price', '60000'), edit('amount', '0.01'));
    expect(shownTotal(s, c)).toBe('600.00');
    const typed = reduceEntry(s, edit('total', '1200'), c);
    expect(typed.amount).toBe('0.02');
    expect(shownTotal(typed, c)).toBe('1200');
    // A new price: the amount stays, the total follows it again.
    const moved = reduceEntry(typed, edit('price', '30000'), c);
    expect(moved.amount).toBe('0.02');
    expect(shownTotal(moved, c)).toBe('600.00');
  });

  it('shows a followed total as a traded amount: 2 decimals, 5 for a BTC quote (issue 19 item 10)', () => {
    const c = ctx();
    expect(shownTotal(run(c, edit('price', '60000.12'), edit('amount', '0.01234')), c)).toBe('740.40');
    const eth = ctx({
      coins: { base: 'ETH', quote: 'BTC' },
      account: { ...account, symbol: 'ETH/BTC', keepDecimalForCurrency: 6 },
    });
    expect(shownTotal(run(eth, edit('price', '0.03512'), edit('amount', '1.23456')), eth)).toBe('0.04335');
  });

  it('sizes by a share of the balance: buys spend the quote, sells the base, a market buy by its total', () => {
    const buy = run(ctx(), edit('price', '50000'), { type: 'percent', value: 50 });
    expect(buy).toMatchObject({ amount: '0.1', total: '', percent: 50 });
    const sell = run(ctx({ side: Side.sell }), { type: 'percent', value: 25 });
    expect(sell.amount).toBe('0.125');
    const marketBuy = run(ctx({ kind: 'market' }), { type: 'percent', value: 100 });
    expect(marketBuy).toMatchObject({ total: '10000', amount: '' });
    expect(run(ctx(), edit('amount', '1'), { type: 'percent', value: 0 }).amount).toBe('');
    // Typing a size again leaves the slider at 0.
    expect(reduceEntry(buy, edit('amount', '0.2'), ctx()).percent).toBe(0);
  });

  it('formats a field to its decimals when it is left', () => {
    const c = ctx();
    const s = run(c, edit('price', '12.'), { type: 'blur', field: 'price' }, edit('amount', '1.5'));
    expect(s.price).toBe('12.00');
    expect(reduceEntry(s, { type: 'blur', field: 'amount' }, c).amount).toBe('1.50000');
    expect(reduceEntry(s, { type: 'blur', field: 'total' }, c).total).toBe('');
  });

  it('takes a price picked in the book, and clears the size but not the price for another kind', () => {
    const c = ctx();
    const s = run(c, edit('amount', '1'), { type: 'picked', price: '59000.50' });
    expect(s.price).toBe('59000.50');
    expect(reduceEntry(s, { type: 'kind' }, c)).toMatchObject({ price: '59000.50', amount: '', total: '', percent: 0 });
  });

  it('refuses without an account, shows the first broken rule, and clears it on the next edit', () => {
    const none = planSubmit(emptyEntry(), ctx({ account: null }), false);
    expect(none).toEqual({ state: { ...emptyEntry(), problem: { kind: 'account' } }, send: null });
    const c = ctx();
    const plan = planSubmit(run(c, edit('price', '60000')), c, false);
    expect(plan.send).toBeNull();
    expect(plan.state.problem).toEqual({ kind: 'rule', error: { key: 'amountRequired' } });
    expect(reduceEntry(plan.state, edit('amount', '1'), c).problem).toBeNull();
  });

  it('sends at once, or asks first when the stored config says so', () => {
    const c = ctx();
    const ready = run(c, edit('price', '60000'), edit('amount', '0.01'));
    const body = { symbol: 'BTC/USDT', type: OrderType.limit, direction: Side.buy, amount: '0.01', price: '60000' };
    const now = planSubmit(ready, c, false);
    expect(now.send).toEqual(body);
    expect(now.state.sending).toBe(true);
    // While it is on its way a second submit sends nothing.
    expect(planSubmit(now.state, c, false).send).toBeNull();
    const asked = planSubmit(ready, c, true);
    expect(asked).toMatchObject({ send: null, state: { confirming: body, sending: false } });
    expect(confirmTotal(asked.state, c)).toBe('600');
    expect(startSending(asked.state, body).state).toMatchObject({ confirming: null, sending: true });
    expect(reduceEntry(asked.state, { type: 'cancelConfirm' }, c).confirming).toBeNull();
  });

  it('after sending: the server’s refusal stays shown, a placed order clears the size', () => {
    const c = ctx();
    const sending = startSending(run(c, edit('price', '60000'), edit('amount', '0.01')), {
      symbol: 'BTC/USDT',
      type: OrderType.limit,
      direction: Side.buy,
      amount: '0.01',
    }).state;
    const refused = reduceEntry(sending, { type: 'failed', message: 'Insufficient balance' }, c);
    expect(refused).toMatchObject({ sending: false, problem: { kind: 'server', message: 'Insufficient balance' } });
    expect(reduceEntry(sending, { type: 'placed' }, c)).toMatchObject({
      sending: false,
      price: '60000',
      amount: '',
      total: '',
    });
  });

  it('shows the fee in the coin it is paid in, and what the side can spend', () => {
    const buy = ctx();
    expect(feeText(run(buy, edit('price', '60000'), edit('amount', '0.5')), buy)).toBe('0.0005 BTC');
    const sell = ctx({ side: Side.sell });
    expect(feeText(run(sell, edit('price', '60000'), edit('amount', '0.5')), sell)).toBe('30 USDT');
    expect(feeText(emptyEntry(), buy)).toBe('--');
    expect(availableText(buy)).toBe('10,000 USDT');
    expect(availableText(sell)).toBe('0.5 BTC');
    expect(availableText(ctx({ account: null }))).toBe('-- USDT');
  });
});
