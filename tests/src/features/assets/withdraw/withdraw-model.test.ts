import { describe, expect, it } from 'vitest';
import type { NetworkInfo, WithdrawInfo } from '../../../../../src/features/assets/common/api.ts';
import {
  emptyWithdraw,
  FIELD_OF,
  isLocked,
  planWithdraw,
  receiveOf,
  reduceWithdraw,
  type WithdrawAction,
  type WithdrawContext,
  type WithdrawState,
} from '../../../../../src/features/assets/withdraw/withdraw-model.ts';

const TRC20: NetworkInfo = {
  protocol: 'TRC20',
  name: 'Tron (TRC20)',
  family: 'tron',
  needMemo: false,
  memoType: null,
  depositMin: '1',
  confirmations: 10,
  withdrawFee: '1',
  withdrawMin: '10',
  canDeposit: true,
  canWithdraw: true,
  addressPattern: '^T[1-9A-HJ-NP-Za-km-z]{33}$',
  memoPattern: null,
  arrivalSeconds: 20,
};
const XRP: NetworkInfo = {
  ...TRC20,
  protocol: 'XRP',
  needMemo: true,
  memoType: 'TAG',
  addressPattern: '^r[1-9A-HJ-NP-Za-km-z]{24,34}$',
  memoPattern: '^[0-9]{1,10}$',
};
const info: WithdrawInfo = {
  coin: 'USDT',
  available: '100',
  frozen: '0',
  verifyList: ['email'],
  email: 'a***@x.com',
  mobile: null,
  googleStatus: 0,
  lockedUntil: 0,
};
const ctx: WithdrawContext = { coin: { unit: 'USDT', decimals: 6 }, network: TRC20, info };
const ADDRESS = 'TJRabPrwbZy45sbavfcjinPJC18kjpRTv8';
const run = (...actions: WithdrawAction[]): WithdrawState => actions.reduce(reduceWithdraw, emptyWithdraw('req-1'));

describe('withdraw form model (spec shell §7 withdraw create)', () => {
  it('keeps the address trimmed and the amount to the coin decimals; "max" takes what is available', () => {
    const s = run(
      { type: 'target', coin: 'USDT', protocol: 'TRC20' },
      { type: 'address', value: `  ${ADDRESS} ` },
      { type: 'amount', raw: '12.3456789x', decimals: 6 },
    );
    expect(s.form).toMatchObject({ coin: 'USDT', protocol: 'TRC20', address: ADDRESS, amount: '12.345678' });
    expect(reduceWithdraw(s, { type: 'max', available: '100' }).form.amount).toBe('100');
  });

  it('forgets the address and amount of another coin or network, and the problem on any edit', () => {
    const s = run({ type: 'address', value: ADDRESS }, { type: 'amount', raw: '20', decimals: 6 });
    const problem = { ...s, problem: 'belowMin' as const };
    const moved = reduceWithdraw(problem, { type: 'target', coin: 'XRP', protocol: 'XRP' });
    expect(moved.form).toMatchObject({ coin: 'XRP', protocol: 'XRP', address: '', tag: '', amount: '' });
    expect(moved.problem).toBeNull();
    expect(reduceWithdraw(problem, { type: 'code', field: 'emailCode', value: '1' }).problem).toBeNull();
  });

  it('takes an address and its tag from the book', () => {
    const s = run({ type: 'picked', address: 'rAddress', tag: '12345' });
    expect(s.form).toMatchObject({ address: 'rAddress', tag: '12345' });
  });

  it('shows what arrives once the amount covers the fee', () => {
    expect(receiveOf(run({ type: 'amount', raw: '20', decimals: 6 }), ctx)).toBe('19');
    expect(receiveOf(run({ type: 'amount', raw: '1', decimals: 6 }), ctx)).toBeNull();
  });

  it('a submit names the first problem under its field, in the order of the form', () => {
    const empty = planWithdraw(run(), ctx, 0);
    expect(empty.send).toBeNull();
    expect(empty.state.problem).toBe('addressRequired');
    expect(FIELD_OF.addressRequired).toBe('address');
    const noCode = planWithdraw(
      run({ type: 'address', value: ADDRESS }, { type: 'amount', raw: '20', decimals: 6 }),
      ctx,
      0,
    );
    expect(noCode.state.problem).toBe('emailCodeRequired');
    expect(FIELD_OF.emailCodeRequired).toBe('codes');
    const tagless = planWithdraw(
      run({ type: 'address', value: 'rPEPPER7kfTD9w2To4CQk6UCfuHM9c6GDY' }),
      { ...ctx, network: XRP },
      0,
    );
    expect(tagless.state.problem).toBe('tagRequired');
    const locked = planWithdraw(run(), { ...ctx, info: { ...info, lockedUntil: 10 } }, 5);
    expect(locked.state.problem).toBe('locked');
    expect(isLocked({ ...info, lockedUntil: 10 }, 5)).toBe(true);
    expect(isLocked(null, 5)).toBe(false);
  });

  it('sends the form for this coin and network, once, and starts the next with a new key', () => {
    const ready = run(
      { type: 'address', value: ADDRESS },
      { type: 'amount', raw: '20', decimals: 6 },
      { type: 'code', field: 'emailCode', value: '123456' },
    );
    const plan = planWithdraw(ready, ctx, 0);
    expect(plan.send).toEqual({ ...ready.form, coin: 'USDT', protocol: 'TRC20' });
    expect(plan.state.busy).toBe(true);
    expect(planWithdraw(plan.state, ctx, 0).send).toBeNull();
    expect(planWithdraw(ready, { ...ctx, info: null }, 0).send).toBeNull();
    const next = reduceWithdraw(plan.state, { type: 'created', requestId: 'req-2' });
    expect(next.busy).toBe(false);
    expect(next.form).toMatchObject({ address: ADDRESS, amount: '', emailCode: '', requestId: 'req-2' });
    expect(reduceWithdraw(plan.state, { type: 'failed' }).form.amount).toBe('20');
  });
});
