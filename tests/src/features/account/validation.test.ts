import { describe, expect, it } from 'vitest';
import {
  type ChangePasswordForm,
  changePasswordError,
  changePasswordReady,
  cleanCode,
  cleanEmail,
  cleanPassword,
  cleanPhone,
  codeError,
  EMAIL_DOMAINS,
  emailError,
  emailSuggestions,
  newPasswordError,
  passwordChecks,
  phoneError,
} from '../../../../src/features/account/validation.ts';

describe('phone input (spec shell §5: digits only, max 12)', () => {
  it('keeps digits only and cuts at 12', () => {
    expect(cleanPhone('+84 (912) 345-678')).toBe('84912345678');
    expect(cleanPhone('1234567890123456')).toBe('123456789012');
    expect(cleanPhone('abc')).toBe('');
  });
  it('needs a number', () => {
    expect(phoneError('')).toBe('phoneRequired');
    expect(phoneError('12')).toBe('phoneInvalid');
    expect(phoneError('912345678')).toBeNull();
  });
});

describe('e-mail input (spec shell §5: max 40, six domain suggestions)', () => {
  it('cuts at 40 and drops spaces', () => {
    expect(cleanEmail(` ${'a'.repeat(50)}@x.io`)).toHaveLength(40);
    expect(cleanEmail('a b@c.d')).toBe('ab@c.d');
  });
  it('validates the address', () => {
    expect(emailError('')).toBe('emailRequired');
    expect(emailError('nobody')).toBe('emailInvalid');
    expect(emailError('a@b.co')).toBeNull();
  });
  it('suggests the six domains for a local part, and filters by what follows @', () => {
    expect(EMAIL_DOMAINS).toHaveLength(6);
    expect(emailSuggestions('alice')).toEqual(EMAIL_DOMAINS.map((d) => `alice@${d}`));
    expect(emailSuggestions('alice@g')).toEqual(['alice@gmail.com']);
    expect(emailSuggestions('alice@gmail.com')).toEqual([]);
    expect(emailSuggestions('')).toEqual([]);
    expect(emailSuggestions(`${'a'.repeat(35)}@`).every((s) => s.length <= 40)).toBe(true);
  });
});

describe('send-code input (spec shell §5: max 6)', () => {
  it('keeps six digits', () => {
    expect(cleanCode('12a34567')).toBe('123456');
    expect(codeError('')).toBe('codeRequired');
    expect(codeError('12345')).toBe('codeInvalid');
    expect(codeError('123456')).toBeNull();
  });
});

describe('new password (spec shell §5: 8–32, lower, upper, digit; inputs max 32)', () => {
  it('reports each rule of the live checklist', () => {
    expect(passwordChecks('')).toEqual({ length: false, lower: false, upper: false, digit: false });
    expect(passwordChecks('abcdefgh')).toEqual({ length: true, lower: true, upper: false, digit: false });
    expect(passwordChecks('Abcdefg1')).toEqual({ length: true, lower: true, upper: true, digit: true });
    expect(passwordChecks(`Ab1${'x'.repeat(30)}`).length).toBe(false);
  });
  it('cuts the input at 32', () => {
    expect(cleanPassword('x'.repeat(40))).toHaveLength(32);
  });
  it('checks the new password and its confirmation', () => {
    expect(newPasswordError('', '')).toBe('newPasswordRequired');
    expect(newPasswordError('abcdefg1', 'abcdefg1')).toBe('newPasswordRule');
    expect(newPasswordError('Abcdefg1', 'Abcdefg2')).toBe('confirmMismatch');
    expect(newPasswordError('Abcdefg1', 'Abcdefg1')).toBeNull();
  });
});

describe('change-password form (spec shell §5)', () => {
  const full: ChangePasswordForm = {
    password: 'Old1pass',
    newPassword: 'New1pass',
    reNewPassword: 'New1pass',
    phoneCode: '',
    code: '',
    agree: true,
  };
  it('checks old, new, confirmation, the codes verifyList asks for, then the agreement', () => {
    expect(changePasswordError({ ...full, password: '' }, [])).toBe('oldPasswordRequired');
    expect(changePasswordError({ ...full, newPassword: '' }, [])).toBe('newPasswordRequired');
    expect(changePasswordError({ ...full, newPassword: 'short' }, [])).toBe('newPasswordRule');
    expect(changePasswordError({ ...full, reNewPassword: 'New1pasz' }, [])).toBe('confirmMismatch');
    expect(changePasswordError(full, ['email'])).toBe('emailCodeRequired');
    expect(changePasswordError({ ...full, code: '123456' }, ['email', 'phone'])).toBe('phoneCodeRequired');
    expect(changePasswordError({ ...full, agree: false }, [])).toBe('agreeRequired');
    expect(changePasswordError(full, [])).toBeNull();
  });
  it('highlights submit only when old, new, confirm and agree are filled', () => {
    expect(changePasswordReady(full)).toBe(true);
    expect(changePasswordReady({ ...full, agree: false })).toBe(false);
    expect(changePasswordReady({ ...full, reNewPassword: '' })).toBe(false);
  });
});
