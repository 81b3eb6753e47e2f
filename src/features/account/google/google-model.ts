// The headless model of /google (spec shell §2, §7): the authenticator's six-digit code, then the bound channels'
// codes (the authenticator's own code is asked for already). The view (google-page.tsx) renders it;
// tests/src/features/account/security-models.test.ts checks it without React.
import type { FactorCodes, SecuritySetting } from '../api.ts';
import { codeError, missingFactor, type RuleKey } from '../validation.ts';

export interface GoogleState {
  codes: FactorCodes;
  error: RuleKey | null;
  busy: boolean;
}

export const initialGoogle = (): GoogleState => ({ codes: {}, error: null, busy: false });

export type GoogleAction = { type: 'codes'; codes: FactorCodes } | { type: 'failed' };

export function reduceGoogle(state: GoogleState, action: GoogleAction): GoogleState {
  return action.type === 'codes' ? { ...state, codes: action.codes } : { ...state, busy: false };
}

export function googleProblem(security: SecuritySetting, codes: FactorCodes): RuleKey | null {
  const googleRule = codes.googleCode ? codeError(codes.googleCode) : 'googleCodeRequired';
  return googleRule ?? missingFactor({ ...security, googleStatus: 0 }, codes);
}

/** A submit: the first missing code shows; else the codes to send, once at a time. */
export function planGoogle(
  state: GoogleState,
  security: SecuritySetting | null,
): { state: GoogleState; send: FactorCodes | null } {
  if (!security || state.busy) return { state, send: null };
  const error = googleProblem(security, state.codes);
  if (error) return { state: { ...state, error }, send: null };
  return { state: { ...state, error: null, busy: true }, send: state.codes };
}
