import { describe, expect, it } from 'vitest';
import type { BookEntry } from '../../../../../src/features/assets/internal/api.ts';
import {
  arrivedAmount,
  entryLabel,
  entryRecipient,
  recipientRule,
} from '../../../../../src/features/assets/internal/logic.ts';

const entry = (e: Partial<BookEntry>): BookEntry => ({
  id: 1,
  address: '',
  protocol: '',
  tag: '',
  transferType: 1,
  uid: '',
  email: '',
  mobile: '',
  areaCode: '',
  coin: '',
  remark: '',
  time: 0,
  updateTime: 0,
  ...e,
});

describe('the recipient of an internal transfer', () => {
  it.each([
    [{ type: 'uid', value: '' }, 'recipient'],
    [{ type: 'uid', value: '12ab' }, 'uid'],
    [{ type: 'uid', value: ' 12345678 ' }, null],
    [{ type: 'email', value: 'not-mail' }, 'emailInvalid'],
    [{ type: 'email', value: `${'a'.repeat(35)}@x.com` }, 'emailInvalid'],
    [{ type: 'email', value: 'bob@example.com' }, null],
    [{ type: 'mobile', value: '1234', areaCode: '84' }, 'phoneInvalid'],
    [{ type: 'mobile', value: '912345678', areaCode: '84' }, null],
  ] as const)('%j → %s', (recipient, rule) => {
    expect(recipientRule(recipient)).toBe(rule);
  });

  it('reads an address-book entry as the recipient it names', () => {
    expect(entryRecipient(entry({ uid: '12345678', email: 'x@y.com' }))).toEqual({ type: 'uid', value: '12345678' });
    expect(entryRecipient(entry({ email: 'bob@example.com' }))).toEqual({ type: 'email', value: 'bob@example.com' });
    expect(entryRecipient(entry({ mobile: '912345678', areaCode: '84' }))).toEqual({
      type: 'mobile',
      value: '912345678',
      areaCode: '84',
    });
    expect(entryRecipient(entry({}))).toBeNull();
    expect(entryLabel(entry({ mobile: '912345678', areaCode: '84', remark: 'Mum' }))).toBe('Mum · +84 912345678');
    expect(entryLabel(entry({ uid: '12345678' }))).toBe('12345678');
  });
});

describe('what arrives', () => {
  it('is the amount less the fee, exact', () => {
    expect(arrivedAmount('10', '0')).toBe('10');
    expect(arrivedAmount('10.000001', '0.5')).toBe('9.500001');
    expect(arrivedAmount('0.3', '0.1')).toBe('0.2');
    expect(arrivedAmount('12.', '0')).toBe('12');
  });
  it('is nothing while the amount does not exceed the fee or is not a number', () => {
    expect(arrivedAmount('0.5', '0.5')).toBeNull();
    expect(arrivedAmount('', '0')).toBeNull();
    expect(arrivedAmount('abc', '0')).toBeNull();
  });
});
