// The headless model of /transaction: a six-digit transaction password, its confirmation and the bound channels'
// codes. The view (transaction-page.tsx) renders it; tests/src/features/account/security-models.test.ts checks it.
import type { FactorCodes, SecuritySetting } from '../api.ts';
import { missingFactor, type RuleKey } from '../validation.ts';

export interface TransactionState {
  password: string;
  confirm: string;
  codes: FactorCodes;
  /** 'rule': the password is not six digits. */
  error: 'rule' | RuleKey | null;
  busy: boolean;
}

export const initialTransaction = (): TransactionState => ({
  password: '',
  confirm: '',
  codes: {},
  error: null,
  busy: false,
});

/** What the fields keep: digits only, six at most. */
export const sixDigits = (text: string): string => text.replace(/\D/g, '').slice(0, 6);

export type TransactionAction =
  | { type: 'password'; value: string }
  | { type: 'confirm'; value: string }
  | { type: 'codes'; codes: FactorCodes }
  | { type: 'failed' };

export function reduceTransaction(state: TransactionState, action: TransactionAction): TransactionState {
  switch (action.type) {
    case 'password':
      return { ...state, password: sixDigits(action.value) };
    case 'confirm':
      return { ...state, confirm: sixDigits(action.value) };
    case 'codes':
      return { ...state, codes: action.codes };
    case 'failed':
      return { ...state, busy: false };
  }
}

/** A submit: six digits, the same twice, the factor codes; then the password and codes to send. */
export function planTransaction(
  state: TransactionState,
  security: SecuritySetting | null,
): { state: TransactionState; send: { password: string; codes: FactorCodes } | null } {
  if (!security || state.busy) return { state, send: null };
  if (!/^\d{6}$/.test(state.password)) return { state: { ...state, error: 'rule' }, send: null };
  if (state.confirm !== state.password) return { state: { ...state, error: 'confirmMismatch' }, send: null };
  const missing = missingFactor(security, state.codes);
  if (missing) return { state: { ...state, error: missing }, send: null };
  return { state: { ...state, error: null, busy: true }, send: { password: state.password, codes: state.codes } };
}
