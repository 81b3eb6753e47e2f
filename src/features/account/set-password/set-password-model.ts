// The headless model of /personal/setPassword (spec shell §2): the new password twice, checked by the password rule.
// The view (set-password-page.tsx) renders it; tests/src/features/account/security-models.test.ts checks it.
import type { Purpose } from '../registration-cache.ts';
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

/** Who may see the form: the checked code's ticket for this purpose shows it; else a session or login. */
export type SetPasswordAccess = { kind: 'form' } | { kind: 'redirect'; to: string };

/**
 * spec shell §2: /personal needs a login, but registration and reset reach /personal/setPassword before a session
 * exists, with the verification screen's one-time ticket. Without it a signed-in user changes the password on
 * /password; anyone else signs in first and comes back here (`fromUrl`).
 */
export function setPasswordAccess(
  ticket: { purpose: Purpose } | null,
  purpose: Purpose,
  hasSession: boolean,
  here: string,
): SetPasswordAccess {
  if (ticket && ticket.purpose === purpose) return { kind: 'form' };
  if (hasSession) return { kind: 'redirect', to: '/password' };
  return { kind: 'redirect', to: `/login?fromUrl=${encodeURIComponent(here)}` };
}
