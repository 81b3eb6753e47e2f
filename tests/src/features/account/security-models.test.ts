import { describe, expect, it } from 'vitest';
import type { SecuritySetting } from '../../../../src/features/account/api.ts';
import {
  type BindContext,
  initialBind,
  otherFactors,
  planBind,
  planSendNew,
  reduceBind,
} from '../../../../src/features/account/bind/bind-model.ts';
import { emptyCells, typeInto } from '../../../../src/features/account/code-cells.ts';
import {
  googleProblem,
  initialGoogle,
  planGoogle,
  reduceGoogle,
} from '../../../../src/features/account/google/google-model.ts';
import {
  errorAmong,
  initialPassword,
  isReady,
  planChange,
  reducePassword,
} from '../../../../src/features/account/password/password-model.ts';
import {
  initialSetPassword,
  planSetPassword,
  reduceSetPassword,
} from '../../../../src/features/account/set-password/set-password-model.ts';
import {
  initialTransaction,
  planTransaction,
  reduceTransaction,
} from '../../../../src/features/account/transaction/transaction-model.ts';
import { missingFactor } from '../../../../src/features/account/validation.ts';
import {
  isReady as codeReady,
  initialVerification,
  planNext,
  planResend,
  RESEND_SECONDS,
  reduceVerification,
} from '../../../../src/features/account/verification/verification-model.ts';

const security = {
  verifyList: ['email', 'phone'],
  email: 'a***@x.com',
  mobile: '912***678',
  googleStatus: 1,
} as unknown as SecuritySetting;

describe('the factor codes a sensitive change needs (spec shell §5)', () => {
  it('asks for each channel of verifyList, then Google when it is on', () => {
    expect(missingFactor(security, {})).toBe('emailCodeRequired');
    expect(missingFactor(security, { emailCode: '1' })).toBe('phoneCodeRequired');
    expect(missingFactor(security, { emailCode: '1', phoneCode: '2' })).toBe('googleCodeRequired');
    expect(missingFactor(security, { emailCode: '1', phoneCode: '2', googleCode: '3' })).toBeNull();
  });
});

describe('bind and change model (/bind, /change)', () => {
  const bind: BindContext = { channel: 'email', change: false, country: 'VN', security };
  it('needs an address before a code is sent to it (spec shell §5 bind mode)', () => {
    const refused = planSendNew(initialBind('84'), bind);
    expect(refused).toMatchObject({ send: null, state: { error: { field: 'address', rule: 'emailRequired' } } });
    const ok = planSendNew(reduceBind(initialBind('84'), { type: 'set', patch: { email: 'n@x.co' } }), bind);
    expect(ok.send).toEqual({ value: 'n@x.co', country: 'VN', type: 'BIND' });
    const phone = { ...bind, channel: 'phone' as const, change: true };
    expect(
      planSendNew(reduceBind(initialBind('84'), { type: 'set', patch: { phone: '912345678' } }), phone).send,
    ).toEqual({
      value: '912345678',
      country: 'VN',
      areaCode: '84',
      type: 'CHANGE',
    });
  });

  it('binding asks for the other bound channels’ codes, not the one being bound', () => {
    expect(otherFactors(security, 'email').verifyList).toEqual(['phone']);
    let s = reduceBind(initialBind('84'), { type: 'set', patch: { email: 'n@x.co', code: '123456' } });
    expect(planBind(s, bind).state.error).toEqual({ field: 'factors', rule: 'phoneCodeRequired' });
    s = reduceBind(s, { type: 'set', patch: { codes: { phoneCode: '1', googleCode: '2' } } });
    const plan = planBind(s, bind);
    expect(plan.request).toEqual({
      kind: 'bindEmail',
      email: 'n@x.co',
      code: '123456',
      codes: { phoneCode: '1', googleCode: '2' },
    });
    expect(planBind(plan.state, bind).request).toBeNull();
    expect(reduceBind(plan.state, { type: 'failed' }).busy).toBe(false);
  });

  it('changing needs the new code and the old address’s code, with the Google code when on', () => {
    const change: BindContext = { channel: 'phone', change: true, country: 'TH', security };
    let s = reduceBind(initialBind('66'), { type: 'set', patch: { phone: '812345678' } });
    expect(planBind(s, change).state.error).toEqual({ field: 'code', rule: 'codeRequired' });
    s = reduceBind(s, { type: 'set', patch: { code: '654321' } });
    expect(planBind(s, change).state.error).toEqual({ field: 'oldCode', rule: 'codeRequired' });
    s = reduceBind(s, { type: 'set', patch: { oldCode: '111111', codes: { googleCode: '222222' } } });
    expect(planBind(s, change).request).toEqual({
      kind: 'changePhone',
      country: 'TH',
      phone: '812345678',
      code: '654321',
      oldCode: '111111',
      googleCode: '222222',
    });
    expect(planBind(s, { ...change, security: null }).request).toBeNull();
  });
});

describe('change-password model (spec shell §5)', () => {
  const filled = () =>
    ['password', 'newPassword', 'reNewPassword'].reduce(
      (s, field) => reducePassword(s, { type: 'set', patch: { [field]: 'Abcdef12' } }),
      initialPassword(),
    );

  it('highlights the button once old, new, confirm and agree are filled', () => {
    expect(isReady(filled())).toBe(false);
    expect(isReady(reducePassword(filled(), { type: 'set', patch: { agree: true } }))).toBe(true);
  });

  it('names the first rule in the order of spec shell §5, under its field, and clears it on an edit', () => {
    const empty = planChange(initialPassword(), []);
    expect(empty.state.error).toBe('oldPasswordRequired');
    expect(errorAmong(empty.state, 'oldPasswordRequired')).toBe('oldPasswordRequired');
    expect(errorAmong(empty.state, 'agreeRequired')).toBeNull();
    expect(planChange(filled(), ['email']).state.error).toBe('emailCodeRequired');
    expect(planChange(filled(), []).state.error).toBe('agreeRequired');
    expect(reducePassword(empty.state, { type: 'set', patch: { password: 'x' } }).error).toBeNull();
    expect(planChange(initialPassword(), null).send).toBeNull();
  });

  it('sends the old and new passwords with the codes, once', () => {
    const s = reducePassword(reducePassword(filled(), { type: 'set', patch: { agree: true } }), {
      type: 'codes',
      emailCode: '111111',
      phoneCode: '',
      googleCode: '333333',
    });
    const plan = planChange(s, ['email']);
    expect(plan.send).toEqual({
      oldPassword: 'Abcdef12',
      newPassword: 'Abcdef12',
      emailCode: '111111',
      phoneCode: '',
      googleCode: '333333',
    });
    expect(planChange(plan.state, ['email']).send).toBeNull();
    expect(reducePassword(plan.state, { type: 'failed' }).busy).toBe(false);
  });
});

describe('verification model (spec shell §2, §4, §5)', () => {
  it('counts 60 s down before a resend, which then needs the slider', () => {
    const s = initialVerification();
    expect(s.left).toBe(RESEND_SECONDS);
    expect(planResend(s).outcome).toBe('wait');
    let done = s;
    for (let i = 0; i < RESEND_SECONDS + 5; i++) done = reduceVerification(done, { type: 'tick' });
    expect(done.left).toBe(0);
    const plan = planResend(done);
    expect(plan).toMatchObject({ outcome: 'slider', state: { slider: true } });
    expect(reduceVerification(plan.state, { type: 'sent' }).left).toBe(RESEND_SECONDS);
  });

  it('checks only six digits, shows the server’s message, and clears it when the cells change', () => {
    expect(planNext(initialVerification()).check).toBe('empty');
    const cells = typeInto(emptyCells(), 0, '123456');
    const typed = reduceVerification({ ...initialVerification(), message: 'old' }, { type: 'cells', cells });
    expect(typed.message).toBe('');
    expect(codeReady(typed)).toBe(true);
    const plan = planNext(typed);
    expect(plan).toMatchObject({ check: '123456', state: { busy: true } });
    // A refusal gives the focus back to the last cell (Backspace works at once), each time anew.
    expect(reduceVerification(plan.state, { type: 'refused', message: 'Wrong code' })).toMatchObject({
      busy: false,
      message: 'Wrong code',
      refusals: 1,
      cells: { focus: 5 },
    });
  });
});

describe('transaction password model (/transaction)', () => {
  it('keeps six digits, wants them twice, then the factor codes', () => {
    let s = reduceTransaction(initialTransaction(), { type: 'password', value: '12a34567' });
    expect(s.password).toBe('123456');
    expect(planTransaction({ ...s, password: '123' }, security).state.error).toBe('rule');
    expect(planTransaction(s, security).state.error).toBe('confirmMismatch');
    s = reduceTransaction(s, { type: 'confirm', value: '123456' });
    expect(planTransaction(s, security).state.error).toBe('emailCodeRequired');
    s = reduceTransaction(s, { type: 'codes', codes: { emailCode: '1', phoneCode: '2', googleCode: '3' } });
    const plan = planTransaction(s, security);
    expect(plan.send).toEqual({ password: '123456', codes: { emailCode: '1', phoneCode: '2', googleCode: '3' } });
    expect(planTransaction(plan.state, security).send).toBeNull();
    expect(planTransaction(s, null).send).toBeNull();
  });
});

describe('Google authenticator rule (/google)', () => {
  it('wants the authenticator’s six digits, then the bound channels’ codes', () => {
    expect(googleProblem(security, {})).toBe('googleCodeRequired');
    expect(googleProblem(security, { googleCode: '12' })).toBe('codeInvalid');
    expect(googleProblem(security, { googleCode: '123456' })).toBe('emailCodeRequired');
    expect(googleProblem(security, { googleCode: '123456', emailCode: '1', phoneCode: '2' })).toBeNull();
  });
});

describe('Google authenticator model (/google)', () => {
  it('sends the codes once they pass, once at a time, and again after a refusal', () => {
    const codes = { googleCode: '123456', emailCode: '1', phoneCode: '2' };
    expect(planGoogle(initialGoogle(), security)).toMatchObject({ send: null, state: { error: 'googleCodeRequired' } });
    expect(planGoogle(initialGoogle(), null).send).toBeNull();
    const plan = planGoogle(reduceGoogle(initialGoogle(), { type: 'codes', codes }), security);
    expect(plan).toMatchObject({ send: codes, state: { error: null, busy: true } });
    expect(planGoogle(plan.state, security).send).toBeNull();
    expect(planGoogle(reduceGoogle(plan.state, { type: 'failed' }), security).send).toEqual(codes);
  });
});

describe('set-password model (/personal/setPassword)', () => {
  it('applies the new-password rule, then sends the password once', () => {
    let s = reduceSetPassword(initialSetPassword(), { type: 'password', value: 'short' });
    expect(planSetPassword(s).send).toBeNull();
    expect(planSetPassword(s).state.error).not.toBeNull();
    s = reduceSetPassword(s, { type: 'password', value: 'Abcdef12' });
    expect(planSetPassword(s).state.error).toBe('confirmMismatch');
    s = reduceSetPassword(s, { type: 'confirm', value: 'Abcdef12' });
    const plan = planSetPassword(s);
    expect(plan).toMatchObject({ send: 'Abcdef12', state: { error: null, busy: true } });
    expect(planSetPassword(plan.state).send).toBeNull();
    expect(planSetPassword(reduceSetPassword(plan.state, { type: 'failed' })).send).toBe('Abcdef12');
  });
});
