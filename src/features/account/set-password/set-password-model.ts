// The headless model of /personal/setPassword (spec shell §2): the new password twice, checked by the password rule.
// The view (set-password-page.tsx) renders it; tests/src/features/account/security-models.test.ts checks it.
import { newPasswordError, type RuleKey } from '../validation.ts';

export interface SetPasswordState {
  password: string;
  confirm: string;
  error: RuleKey | null;
  busy: boolean;
}

export const initialSetPassword = (): SetPasswordState => ({ password: '', confirm: '', error: null, busy: false });

export type SetPasswordAction = { type: 'password' | 'confirm'; value: string } | { type: 'failed' };

export function reduceSetPassword(state: SetPasswordState, action: SetPasswordAction): SetPasswordState {
  if (action.type === 'failed') return { ...state, busy: false };
  return { ...state, [action.type]: action.value };
}

/** A submit: the first broken rule shows; else the password to send, once at a time. */
export function planSetPassword(state: SetPasswordState): { state: SetPasswordState; send: string | null } {
  const error = newPasswordError(state.password, state.confirm);
  if (error || state.busy) return { state: { ...state, error }, send: null };
  return { state: { ...state, error: null, busy: true }, send: state.password };
}
