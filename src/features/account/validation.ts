/**
 * Input rules of spec shell §5 as pure functions: phone, e-mail, send-code, new password and the change-password form.
 * Every failure is a translation key under `account.rules`, so the screens show it in the page's language.
 */

/** spec shell §9: phone max 12, e-mail max 40, code length 6, password 8 to 32. */
export const PHONE_MAX = 12;
export const EMAIL_MAX = 40;
export const CODE_LENGTH = 6;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 32;
/** spec shell §5: default country code +84 unless a stored area code exists. */
export const DEFAULT_AREA_CODE = '84';

/** The six common mail domains offered while typing an e-mail (spec shell §5). */
export const EMAIL_DOMAINS = ['gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com', 'icloud.com', 'qq.com'] as const;

export type RuleKey =
  | 'phoneRequired'
  | 'phoneInvalid'
  | 'emailRequired'
  | 'emailInvalid'
  | 'codeRequired'
  | 'codeInvalid'
  | 'oldPasswordRequired'
  | 'newPasswordRequired'
  | 'newPasswordRule'
  | 'confirmMismatch'
  | 'emailCodeRequired'
  | 'phoneCodeRequired'
  | 'googleCodeRequired'
  | 'agreeRequired'
  | 'accountRequired'
  | 'passwordRequired';

/** Phone input: digits only, at most 12 (what the field keeps while typing). */
export function cleanPhone(text: string): string {
  return text.replace(/\D/g, '').slice(0, PHONE_MAX);
}

/** E-mail input: no spaces, at most 40 characters. */
export function cleanEmail(text: string): string {
  return text.replace(/\s/g, '').slice(0, EMAIL_MAX);
}

/** Send-code input: digits only, at most 6. */
export function cleanCode(text: string): string {
  return text.replace(/\D/g, '').slice(0, CODE_LENGTH);
}

/** Password inputs: at most 32 characters. */
export function cleanPassword(text: string): string {
  return text.slice(0, PASSWORD_MAX);
}

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export function phoneError(phone: string): RuleKey | null {
  if (!phone) return 'phoneRequired';
  return /^\d{4,12}$/.test(phone) ? null : 'phoneInvalid';
}

export function emailError(email: string): RuleKey | null {
  if (!email) return 'emailRequired';
  return email.length <= EMAIL_MAX && EMAIL_PATTERN.test(email) ? null : 'emailInvalid';
}

export function codeError(code: string): RuleKey | null {
  if (!code) return 'codeRequired';
  return /^\d{6}$/.test(code) ? null : 'codeInvalid';
}

/** The e-mail suggestions for what is typed: the local part with each of the six domains that fits. */
export function emailSuggestions(text: string): string[] {
  const value = cleanEmail(text);
  if (!value) return [];
  const at = value.indexOf('@');
  const local = at < 0 ? value : value.slice(0, at);
  const typed = at < 0 ? '' : value.slice(at + 1).toLowerCase();
  if (!local) return [];
  return EMAIL_DOMAINS.filter((d) => d.startsWith(typed) && d !== typed)
    .map((d) => `${local}@${d}`)
    .filter((s) => s.length <= EMAIL_MAX);
}

/** The live checklist of a new password (spec shell §5). */
export interface PasswordChecks {
  length: boolean;
  lower: boolean;
  upper: boolean;
  digit: boolean;
}

export function passwordChecks(password: string): PasswordChecks {
  return {
    length: password.length >= PASSWORD_MIN && password.length <= PASSWORD_MAX,
    lower: /[a-z]/.test(password),
    upper: /[A-Z]/.test(password),
    digit: /\d/.test(password),
  };
}

export function isPasswordValid(password: string): boolean {
  const c = passwordChecks(password);
  return c.length && c.lower && c.upper && c.digit;
}

/** New password and its confirmation (set-password screen). */
export function newPasswordError(password: string, confirm: string): RuleKey | null {
  if (!password) return 'newPasswordRequired';
  if (!isPasswordValid(password)) return 'newPasswordRule';
  if (confirm !== password) return 'confirmMismatch';
  return null;
}

/** The change-password form of spec shell §3. */
export interface ChangePasswordForm {
  password: string;
  newPassword: string;
  reNewPassword: string;
  phoneCode: string;
  code: string;
  agree: boolean;
}

/** First failing rule of the change-password form, in the order of spec shell §5; null when it may be sent. */
export function changePasswordError(form: ChangePasswordForm, verifyList: readonly string[]): RuleKey | null {
  if (!form.password) return 'oldPasswordRequired';
  const next = newPasswordError(form.newPassword, form.reNewPassword);
  if (next) return next;
  if (verifyList.includes('email') && !form.code) return 'emailCodeRequired';
  if (verifyList.includes('phone') && !form.phoneCode) return 'phoneCodeRequired';
  if (!form.agree) return 'agreeRequired';
  return null;
}

/** spec shell §5: the submit button is highlighted only when old, new, confirm and agree are filled. */
export function changePasswordReady(form: ChangePasswordForm): boolean {
  return !!form.password && !!form.newPassword && !!form.reNewPassword && form.agree;
}

/**
 * The first factor code a sensitive change still needs (spec shell §5): one per channel of verifyList, and Google's
 * when the authenticator is on.
 */
export function missingFactor(
  security: { verifyList: readonly string[]; googleStatus: number },
  codes: { emailCode?: string | undefined; phoneCode?: string | undefined; googleCode?: string | undefined },
): 'emailCodeRequired' | 'phoneCodeRequired' | 'googleCodeRequired' | null {
  if (security.verifyList.includes('email') && !codes.emailCode) return 'emailCodeRequired';
  if (security.verifyList.includes('phone') && !codes.phoneCode) return 'phoneCodeRequired';
  if (security.googleStatus === 1 && !codes.googleCode) return 'googleCodeRequired';
  return null;
}
