// The headless model of the account name (phone or e-mail, spec shell §2 /register, /forget, /login, §5 input rules)
// and of the forms that send a code to it (register and forget): what is typed, the rule it breaks, where the code
// goes. The views render it; tests/src/features/account/account-model.test.ts checks it without React.
import type { AccountAddress } from '../api.ts';
import { cleanEmail, cleanPhone, emailError, phoneError, type RuleKey } from '../validation.ts';

export type AccountMode = 'phone' | 'email';

export interface AccountValue {
  mode: AccountMode;
  areaCode: string;
  /** Two-letter code of the chosen country. */
  country: string;
  phone: string;
  email: string;
}

/** A value prefilled from a query (the home sign-up box): an e-mail when it has an @, else phone digits. */
export function initialAccount(prefill: string | null, areaCode: string): AccountValue {
  const text = prefill?.trim() ?? '';
  const isMail = text.includes('@');
  return {
    mode: isMail ? 'email' : 'phone',
    areaCode,
    country: '',
    phone: isMail ? '' : cleanPhone(text),
    email: isMail ? cleanEmail(text) : '',
  };
}

export function accountError(v: AccountValue): RuleKey | null {
  return v.mode === 'phone' ? phoneError(v.phone) : emailError(v.email);
}

/** The account name as typed in the chosen mode. */
export const usernameOf = (v: AccountValue): string => (v.mode === 'phone' ? v.phone : v.email);

export interface SendTarget extends AccountAddress {
  areaCode: string;
  /** Referral code of a registration. */
  referral: string;
}

/** The slider target of an address: the phone digits or the e-mail (what the server binds the token to). */
export function sliderTarget(a: AccountAddress): string {
  return (a.tel || a.mail).trim().toLowerCase();
}

/** What the code is sent to: the chosen channel's address only. */
export function sendTargetOf(value: AccountValue, referral = ''): SendTarget {
  return {
    country: value.country,
    areaCode: value.areaCode,
    tel: value.mode === 'phone' ? value.phone : '',
    mail: value.mode === 'email' ? value.email : '',
    referral: referral.trim(),
  };
}

/** The register and forget forms: the account, a referral code (register), the rule the account breaks. */
export interface SendFormState {
  account: AccountValue;
  referral: string;
  error: RuleKey | null;
}

export type SendFormAction = { type: 'account'; patch: Partial<AccountValue> } | { type: 'referral'; value: string };

export function reduceSendForm(state: SendFormState, action: SendFormAction): SendFormState {
  switch (action.type) {
    case 'account':
      return { ...state, account: { ...state.account, ...action.patch }, error: null };
    case 'referral':
      return { ...state, referral: action.value.trim() };
  }
}

/** A submit: the rule the account breaks, or where the code goes (the slider opens for it). */
export function planSend(state: SendFormState): { state: SendFormState; target: SendTarget | null } {
  const error = accountError(state.account);
  return { state: { ...state, error }, target: error ? null : sendTargetOf(state.account, state.referral) };
}
