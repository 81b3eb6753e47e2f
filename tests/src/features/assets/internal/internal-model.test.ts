import { describe, expect, it } from 'vitest';
import type { FeeInfo } from '../../../../../src/features/assets/internal/api.ts';
import {
  amountProblem,
  arriveOf,
  availableOf,
  codeProblem,
  decimalsOf,
  type InternalAction,
  type InternalContext,
  type InternalState,
  initialInternal,
  isLocked,
  planCheck,
  recipientProblem,
  reduceInternal,
  shouldLookUp,
} from '../../../../../src/features/assets/internal/internal-model.ts';

const fee: FeeInfo = { coin: 'USDT', decimals: 6, fee: '1', minAmount: '5', enabled: true, available: '100' };
const ctx: InternalContext = {
  fee,
  coin: { decimals: 8, available: '50' },
  security: { verifyList: ['email'], googleStatus: 1, withdrawLockedUntil: null },
};
const run = (...actions: InternalAction[]): InternalState => actions.reduce(reduceInternal, initialInternal('84'));
const uid = (value: string): InternalAction => ({
  type: 'recipient',
  recipient: { type: 'uid', value, areaCode: '84' },
});

describe('internal transfer model (spec shell §7 internal transfer)', () => {
  it('looks a well-formed recipient up once, and forgets the answer when the recipient changes', () => {
    expect(shouldLookUp(run(uid('')))).toBe(false);
    expect(shouldLookUp(run(uid('12ab')))).toBe(false);
    const asking = run(uid('12345678'), { type: 'lookup' });
    expect(asking.lookup).toEqual({ status: 'busy' });
    expect(shouldLookUp(asking)).toBe(false);
    const found = reduceInternal(asking, { type: 'looked', answer: { exist: true, name: 'J***n', self: false } });
    expect(found.lookup).toEqual({ status: 'found', name: 'J***n', self: false });
    expect(shouldLookUp(found)).toBe(false);
    expect(reduceInternal(found, uid(' 12345678 ')).lookup.status).toBe('found');
    expect(reduceInternal(found, uid('87654321')).lookup).toEqual({ status: 'idle' });
    const failed = reduceInternal(asking, { type: 'looked', answer: null });
    expect(failed).toMatchObject({ lookup: { status: 'idle' }, lookedUp: '' });
  });

  it('names the recipient problem: the rule, an unknown member, oneself', () => {
    expect(recipientProblem(run())).toEqual({ kind: 'rule', rule: 'recipient' });
    const email = run({ type: 'recipient', recipient: { type: 'email', value: 'nope' } });
    expect(recipientProblem(email)).toEqual({ kind: 'rule', rule: 'emailInvalid' });
    const none = run(
      uid('12345678'),
      { type: 'lookup' },
      { type: 'looked', answer: { exist: false, name: null, self: false } },
    );
    expect(recipientProblem(none)).toEqual({ kind: 'unknown' });
    const self = run(
      uid('12345678'),
      { type: 'lookup' },
      { type: 'looked', answer: { exist: true, name: 'me', self: true } },
    );
    expect(recipientProblem(self)).toEqual({ kind: 'self' });
  });

  it('checks the amount against the coin, the minimum and the fee; decimals and balance from the fee answer first', () => {
    expect(decimalsOf(ctx)).toBe(6);
    expect(availableOf(ctx)).toBe('100');
    expect(decimalsOf({ ...ctx, fee: null })).toBe(8);
    expect(availableOf({ ...ctx, fee: null })).toBe('50');
    expect(decimalsOf({ ...ctx, fee: null, coin: null })).toBe(8);
    expect(amountProblem(run(), ctx)).toEqual({ kind: 'rule', rule: 'required', decimals: 6 });
    expect(amountProblem(run({ type: 'amount', amount: '101' }), ctx)).toMatchObject({ rule: 'exceeds' });
    expect(amountProblem(run({ type: 'amount', amount: '4' }), ctx)).toEqual({
      kind: 'belowMinimum',
      min: '5',
      coin: 'USDT',
    });
    expect(amountProblem(run({ type: 'amount', amount: '1' }), { ...ctx, fee: { ...fee, minAmount: '0' } })).toEqual({
      kind: 'notAboveFee',
    });
    expect(amountProblem(run({ type: 'amount', amount: '10' }), ctx)).toBeNull();
    expect(arriveOf(run({ type: 'amount', amount: '10' }), ctx)).toBe('9');
    expect(arriveOf(run({ type: 'amount', amount: '10' }), { ...ctx, fee: null })).toBeNull();
  });

  it('asks for the codes of the verifyList and Google when it is on, and a new coin clears the amount', () => {
    expect(codeProblem(run(), ctx)).toBe('emailCodeRequired');
    expect(codeProblem(run({ type: 'codes', codes: { emailCode: '1' } }), ctx)).toBe('googleCodeRequired');
    expect(
      codeProblem(
        run({ type: 'codes', codes: { emailCode: '1' } }, { type: 'codes', codes: { googleCode: '2' } }),
        ctx,
      ),
    ).toBeNull();
    expect(codeProblem(run(), { ...ctx, security: null })).toBeNull();
    expect(run({ type: 'amount', amount: '3' }, { type: 'coin', coin: 'BTC' })).toMatchObject({
      coin: 'BTC',
      amount: '',
    });
  });

  it('a submit shows the problems from then on, and checks nothing while one remains or withdrawals are locked', () => {
    const blocked = planCheck(run(), ctx, 0);
    expect(blocked).toMatchObject({ check: null, state: { checked: true, busy: false } });
    expect(isLocked({ ...ctx, security: { verifyList: [], googleStatus: 0, withdrawLockedUntil: 10 } }, 5)).toBe(true);
  });

  it('checks with the trimmed recipient, confirms, sends once and starts over', () => {
    const ready = run(
      uid(' 12345678 '),
      { type: 'amount', amount: '10' },
      { type: 'codes', codes: { emailCode: '111111', googleCode: '222222' } },
    );
    const locked = {
      ...ctx,
      security: { ...(ctx.security as NonNullable<InternalContext['security']>), withdrawLockedUntil: 10 },
    };
    expect(planCheck(ready, locked, 5).check).toBeNull();
    const plan = planCheck(ready, ctx, 0);
    const request = plan.check;
    if (!request) throw new Error('no check');
    expect(plan.check).toEqual({
      type: 'uid',
      value: '12345678',
      areaCode: '84',
      coin: 'USDT',
      amount: '10',
      emailCode: '111111',
      googleCode: '222222',
    });
    expect(plan.state.busy).toBe(true);
    expect(planCheck(plan.state, ctx, 0).check).toBeNull();
    const answer = {
      coin: 'USDT',
      amount: '10',
      fee: '1',
      arrivedAmount: '9',
      recipient: { type: 'uid' as const, name: 'J***n' },
    };
    const confirming = reduceInternal(plan.state, {
      type: 'checked',
      confirm: { answer, request, requestId: 'r1' },
    });
    expect(confirming).toMatchObject({ busy: false, confirm: { requestId: 'r1' } });
    expect(reduceInternal(confirming, { type: 'cancel' }).confirm).toBeNull();
    const done = reduceInternal(reduceInternal(confirming, { type: 'sending' }), { type: 'sent', ok: true });
    expect(done).toMatchObject({ busy: false, confirm: null, amount: '', codes: {}, checked: false });
    expect(done.recipient.value).toBe(' 12345678 ');
    const refused = reduceInternal(reduceInternal(confirming, { type: 'sending' }), { type: 'sent', ok: false });
    expect(refused).toMatchObject({ busy: false, confirm: null, amount: '10', checked: true });
  });
});
