import { describe, expect, it } from 'vitest';
import { ApiCode } from '../../../../common/api.ts';
import {
  accountError,
  initialAccount,
  planSend,
  reduceSendForm,
  type SendFormState,
  usernameOf,
} from '../../../../src/features/account/form/account-model.ts';
import {
  afterPassword,
  codeRefused,
  initialLogin,
  type LoginAction,
  type LoginState,
  loginOutcome,
  planCode,
  planLogin,
  reduceLogin,
} from '../../../../src/features/account/login/login-model.ts';

describe('account name model (spec shell §5 phone and e-mail)', () => {
  it('reads a prefill as an e-mail when it has an @, else as phone digits', () => {
    expect(initialAccount(' a@b.co ', '84')).toMatchObject({
      mode: 'email',
      email: 'a@b.co',
      phone: '',
      areaCode: '84',
    });
    expect(initialAccount('0912-345', '66')).toMatchObject({ mode: 'phone', phone: '0912345', email: '' });
    expect(initialAccount(null, '84')).toMatchObject({ mode: 'phone', phone: '', email: '' });
  });

  it('checks the chosen channel only', () => {
    const v = initialAccount('a@b.co', '84');
    expect(accountError(v)).toBeNull();
    expect(accountError({ ...v, mode: 'phone' })).toBe('phoneRequired');
    expect(usernameOf(v)).toBe('a@b.co');
  });

  it('register and forget: the rule, or where the code goes with the trimmed referral; an edit clears the rule', () => {
    const s: SendFormState = { account: initialAccount(null, '84'), referral: '', error: null };
    const refused = planSend(s);
    expect(refused).toEqual({ state: { ...s, error: 'phoneRequired' }, target: null });
    const typed = reduceSendForm(
      reduceSendForm(refused.state, { type: 'account', patch: { phone: '912345678', country: 'VN' } }),
      { type: 'referral', value: ' AB12 ' },
    );
    expect(typed.error).toBeNull();
    expect(planSend(typed).target).toEqual({
      country: 'VN',
      areaCode: '84',
      tel: '912345678',
      mail: '',
      referral: 'AB12',
    });
  });
});

const typed = (...actions: LoginAction[]): LoginState =>
  actions.reduce(reduceLogin, initialLogin(initialAccount(null, '84')));

describe('login model (spec shell §2 /login, §5)', () => {
  it('checks the account, then the password, and clears the rule on the next edit', () => {
    const noAccount = planLogin(typed());
    expect(noAccount.send).toBeNull();
    expect(noAccount.state.error).toEqual({ field: 'account', rule: 'phoneRequired' });
    const noPassword = planLogin(typed({ type: 'account', patch: { phone: '912345678' } }));
    expect(noPassword.state.error).toEqual({ field: 'password', rule: 'passwordRequired' });
    expect(reduceLogin(noPassword.state, { type: 'password', value: 'x' }).error).toBeNull();
  });

  it('sends the name of the chosen channel, the country only for a phone, once', () => {
    const phone = typed(
      { type: 'account', patch: { phone: '912345678', country: 'VN' } },
      { type: 'password', value: 'Secret123' },
    );
    const plan = planLogin(phone);
    expect(plan.send).toEqual({ username: '912345678', password: 'Secret123', country: 'VN', code: '' });
    expect(planLogin(plan.state).send).toBeNull();
    const mail = reduceLogin(phone, { type: 'account', patch: { mode: 'email', email: 'a@b.co' } });
    expect(planLogin(mail).send).toEqual({ username: 'a@b.co', password: 'Secret123', country: '', code: '' });
  });

  it('reads the answer: the slider for the normalised name, the Google step, a failure, or done', () => {
    expect(loginOutcome({ code: ApiCode.captchaRequired, ok: false })).toBe('captcha');
    expect(loginOutcome({ code: ApiCode.verifyTokenInvalid, ok: false })).toBe('captcha');
    expect(loginOutcome({ code: 4001, ok: false })).toBe('failed');
    expect(loginOutcome({ code: 0, ok: true, needSecondFactor: true, ticket: 't' })).toBe('secondFactor');
    expect(loginOutcome({ code: 0, ok: true, needSecondFactor: true })).toBe('done');
    const busy = planLogin(
      typed({ type: 'account', patch: { mode: 'email', email: ' A@B.co' } }, { type: 'password', value: 'p' }),
    ).state;
    expect(afterPassword(busy, 'captcha', undefined)).toMatchObject({ busy: false, captchaFor: 'a@b.co' });
    expect(afterPassword(busy, 'secondFactor', 't1')).toMatchObject({ busy: false, ticket: 't1' });
    expect(reduceLogin({ ...busy, captchaFor: 'x' }, { type: 'sending' })).toMatchObject({
      busy: true,
      captchaFor: null,
    });
  });

  it('the Google step: six digits, sent with the ticket; a refused code empties the field; back leaves it', () => {
    const step = { ...typed(), ticket: 't1' };
    expect(planCode({ ...step, ticket: null }).send).toBeNull();
    expect(planCode(step).state.error).toEqual({ field: 'code', rule: 'codeRequired' });
    const code = reduceLogin(step, { type: 'code', value: '12a3456789' });
    expect(code.code).toBe('123456');
    const plan = planCode(code);
    expect(plan.send).toEqual({ ticket: 't1', code: '123456' });
    expect(codeRefused(plan.state)).toMatchObject({ busy: false, code: '' });
    expect(reduceLogin(step, { type: 'back' }).ticket).toBeNull();
  });
});
