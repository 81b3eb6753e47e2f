import { describe, expect, it } from 'vitest';
import type { TransferCoin } from '../../../../../src/features/assets/transfer/api.ts';
import {
  amountProblem,
  coinOf,
  initialTransfer,
  planTransfer,
  reduceTransfer,
  type TransferAction,
  type TransferState,
} from '../../../../../src/features/assets/transfer/transfer-model.ts';

const coins: TransferCoin[] = [
  { coin: 'USDT', name: 'Tether', logoUrl: '', decimals: 6, available: { spot: '100', funds: '5' } },
  { coin: 'BTC', name: 'Bitcoin', logoUrl: '', decimals: 8, available: { spot: '0.5' } },
];
const run = (...actions: TransferAction[]): TransferState =>
  actions.reduce(reduceTransfer, initialTransfer({ from: 'spot', to: 'funds', coin: 'USDT' }));

describe('wallet transfer model (spec shell §7 transfers)', () => {
  it('never has the same wallet on both sides: choosing the other side’s wallet swaps them', () => {
    expect(run({ type: 'wallet', side: 'from', wallet: 'funds' })).toMatchObject({ from: 'funds', to: 'spot' });
    expect(run({ type: 'wallet', side: 'to', wallet: 'contract' })).toMatchObject({ from: 'spot', to: 'contract' });
    expect(run({ type: 'swap' })).toMatchObject({ from: 'funds', to: 'spot' });
  });

  it('checks the amount against the from-wallet of the coin, at its decimals', () => {
    expect(coinOf(run(), coins)).toMatchObject({ decimals: 6, available: '100' });
    expect(coinOf(run({ type: 'swap' }), coins).available).toBe('5');
    expect(coinOf(run({ type: 'coin', coin: 'DOGE' }), coins).coin?.coin).toBe('USDT');
    expect(amountProblem(run({ type: 'amount', amount: '101' }), coins)).toBe('exceeds');
    expect(amountProblem(run({ type: 'coin', coin: 'BTC' }, { type: 'amount', amount: '0.123456789' }), coins)).toBe(
      'decimals',
    );
  });

  it('a submit shows the rule from then on; another coin clears the amount and the rule', () => {
    const refused = planTransfer(run(), coins);
    expect(refused).toMatchObject({ send: null, state: { checked: true } });
    expect(reduceTransfer(refused.state, { type: 'coin', coin: 'BTC' })).toMatchObject({ amount: '', checked: false });
  });

  it('sends the coin, amount and wallets once, and starts over after it is done', () => {
    const plan = planTransfer(run({ type: 'amount', amount: '12.345' }), coins);
    expect(plan.send).toEqual({ coin: 'USDT', amount: '12.345', from: 'spot', to: 'funds' });
    expect(planTransfer(plan.state, coins).send).toBeNull();
    expect(reduceTransfer(plan.state, { type: 'done', ok: true })).toMatchObject({
      busy: false,
      amount: '',
      checked: false,
    });
    expect(reduceTransfer(plan.state, { type: 'done', ok: false })).toMatchObject({ busy: false, amount: '12.345' });
  });
});
