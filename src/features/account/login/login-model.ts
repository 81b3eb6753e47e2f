// The headless model of /login (spec shell §2, §5; README "logins are slowed, never locked"): the account and the
// password, the rule that fails, the slider the server may ask for, the Google step. The view (login-page.tsx) renders
// it and sends what it names; tests/src/features/account/login-model.test.ts checks it without React.
import { ApiCode } from '../../../../common/api.ts';
import { type AccountValue, accountError, usernameOf } from '../form/account-model.ts';
import { cleanCode, codeError, type RuleKey } from '../validation.ts';

export interface LoginState {
  account: AccountValue;
  password: string;
  error: { field: 'account' | 'password' | 'code' | 'deviceCode'; rule: RuleKey } | null;
  /** The second step's ticket once the server asks for the Google code. */
  ticket: string | null;
  code: string;
  busy: boolean;
  /** The account name the server asked a slider for (after repeated failures of that name). */
  captchaFor: string | null;
  /** Device authorisation: the server sent a code because this browser is a new device (spec shell §7 `code`). */
  deviceStep: boolean;
  deviceCode: string;
}

export const initialLogin = (account: AccountValue): LoginState => ({
  account,
  password: '',
  error: null,
  ticket: null,
  code: '',
  busy: false,
  captchaFor: null,
  deviceStep: false,
  deviceCode: '',
});

export type LoginAction =
  | { type: 'account'; patch: Partial<AccountValue> }
  | { type: 'password'; value: string }
  | { type: 'code'; value: string }
  | { type: 'deviceCode'; value: string }
  | { type: 'sending' }
  | { type: 'closeCaptcha' }
  | { type: 'back' };

/**
 * What a login answer means for the page: try the slider, enter the code sent for a new device, enter the Google code,
 * fail, or go on signed in.
 */
export type LoginOutcome = 'captcha' | 'device' | 'secondFactor' | 'failed' | 'done';

export function loginOutcome(answer: {
  code: number;
  ok: boolean;
  ticket?: string | undefined;
  needSecondFactor?: boolean | undefined;
}): LoginOutcome {
  if (answer.code === ApiCode.captchaRequired || answer.code === ApiCode.verifyTokenInvalid) return 'captcha';
  if (answer.code === ApiCode.deviceCodeRequired) return 'device';
  if (!answer.ok) return 'failed';
  return answer.needSecondFactor && answer.ticket ? 'secondFactor' : 'done';
}

export function reduceLogin(state: LoginState, action: LoginAction): LoginState {
  switch (action.type) {
    // Another account or password is another login: a code sent for the last one does not apply.
    case 'account':
      return {
        ...state,
        account: { ...state.account, ...action.patch },
        error: null,
        deviceStep: false,
        deviceCode: '',
      };
    case 'password':
      return { ...state, password: action.value, error: null, deviceStep: false, deviceCode: '' };
    case 'code':
      return { ...state, code: cleanCode(action.value) };
    case 'deviceCode':
      return { ...state, deviceCode: cleanCode(action.value), error: null };
    case 'sending':
      return { ...state, busy: true, captchaFor: null };
    case 'closeCaptcha':
      return { ...state, captchaFor: null };
    case 'back':
      return { ...state, ticket: null };
  }
}

/** The password step's answer: the slider for the name as the server normalises it, or the Google step. */
export function afterPassword(state: LoginState, outcome: LoginOutcome, ticket: string | undefined): LoginState {
  const next = { ...state, busy: false };
  if (outcome === 'captcha') return { ...next, captchaFor: usernameOf(state.account).trim().toLowerCase() };
  if (outcome === 'device') return { ...next, deviceStep: true, deviceCode: '' };
  if (outcome === 'secondFactor' && ticket) return { ...next, ticket };
  return next;
}

/** The login the form names; `code` the new device's code once the server asked for it (empty: not sent). */
export interface LoginSend {
  username: string;
  password: string;
  country: string;
  code: string;
}

/** The login the form names (sent after its checks, or again with the slider's token). */
export function loginRequest(state: LoginState): LoginSend {
  const { account } = state;
  return {
    username: usernameOf(account),
    password: state.password,
    country: account.mode === 'phone' ? account.country : '',
    code: state.deviceStep ? state.deviceCode : '',
  };
}

/** A submit of the password step: the first rule that fails, or the login to send. */
export function planLogin(state: LoginState): { state: LoginState; send: LoginSend | null } {
  if (state.busy) return { state, send: null };
  const accountRule = accountError(state.account);
  if (accountRule) return { state: { ...state, error: { field: 'account', rule: accountRule } }, send: null };
  if (!state.password)
    return { state: { ...state, error: { field: 'password', rule: 'passwordRequired' } }, send: null };
  const deviceRule = state.deviceStep ? codeError(state.deviceCode) : null;
  if (deviceRule) return { state: { ...state, error: { field: 'deviceCode', rule: deviceRule } }, send: null };
  return { state: { ...state, error: null, busy: true }, send: loginRequest(state) };
}

/** A submit of the Google step: the code's rule, or the code to send with the ticket. */
export function planCode(state: LoginState): { state: LoginState; send: { ticket: string; code: string } | null } {
  if (state.busy || !state.ticket) return { state, send: null };
  const rule = codeError(state.code);
  if (rule) return { state: { ...state, error: { field: 'code', rule } }, send: null };
  return { state: { ...state, error: null, busy: true }, send: { ticket: state.ticket, code: state.code } };
}

/** A refused Google code: the field is emptied for the next try. */
export const codeRefused = (state: LoginState): LoginState => ({ ...state, busy: false, code: '' });

/** "Send the code again" on the new-device step: the same login without a code (the server's 60 s rule applies). */
export function planResend(state: LoginState): { state: LoginState; send: LoginSend | null } {
  if (state.busy || !state.deviceStep) return { state, send: null };
  return { state: { ...state, error: null, busy: true }, send: { ...loginRequest(state), code: '' } };
}
