// The headless model of the change-login-password form (spec shell §2 /password, /resetPwd; §3 password change form;
// §5 rules): the fields, the first rule that fails (validation.ts), when the button is highlighted and what is sent.
// The view (change-password-page.tsx) renders it; tests/src/features/account/password-model.test.ts checks it.
import { type ChangePasswordForm, changePasswordError, changePasswordReady, type RuleKey } from '../validation.ts';

export interface PasswordState {
  form: ChangePasswordForm;
  googleCode: string;
  error: RuleKey | null;
  busy: boolean;
}

export const initialPassword = (): PasswordState => ({
  form: { password: '', newPassword: '', reNewPassword: '', phoneCode: '', code: '', agree: false },
  googleCode: '',
  error: null,
  busy: false,
});

export type PasswordAction =
  | { type: 'set'; patch: Partial<ChangePasswordForm> }
  | { type: 'codes'; emailCode: string; phoneCode: string; googleCode: string }
  | { type: 'failed' };

export function reducePassword(state: PasswordState, action: PasswordAction): PasswordState {
  switch (action.type) {
    case 'set':
      return { ...state, form: { ...state.form, ...action.patch }, error: null };
    case 'codes':
      return {
        ...state,
        form: { ...state.form, code: action.emailCode, phoneCode: action.phoneCode },
        googleCode: action.googleCode,
        error: null,
      };
    case 'failed':
      return { ...state, busy: false };
  }
}

/** spec shell §5: the submit button is highlighted only when old, new, confirm and agree are filled. */
export const isReady = (state: PasswordState): boolean => changePasswordReady(state.form);

/** The rule shown under a field, when the last submit failed on one of `keys`. */
export const errorAmong = (state: PasswordState, ...keys: RuleKey[]): RuleKey | null =>
  state.error && keys.includes(state.error) ? state.error : null;

/** A submit: the first rule of spec shell §5 that fails, or the change to send. */
export function planChange(
  state: PasswordState,
  verifyList: readonly string[] | null,
): {
  state: PasswordState;
  send: { oldPassword: string; newPassword: string; emailCode: string; phoneCode: string; googleCode: string } | null;
} {
  if (!verifyList || state.busy) return { state, send: null };
  const error = changePasswordError(state.form, verifyList);
  if (error) return { state: { ...state, error }, send: null };
  const { form } = state;
  return {
    state: { ...state, error: null, busy: true },
    send: {
      oldPassword: form.password,
      newPassword: form.newPassword,
      emailCode: form.code,
      phoneCode: form.phoneCode,
      googleCode: state.googleCode,
    },
  };
}
