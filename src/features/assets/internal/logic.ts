import { compare, isDecimal, sub } from '../../../../common/decimal.ts';
import type { BookEntry, Recipient, RecipientType } from './api.ts';

export type RecipientRule = 'recipient' | 'uid' | 'emailInvalid' | 'phoneInvalid';

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What is wrong with the recipient as typed (the server's rules: a UID is digits, spec shell §5 e-mail and phone). */
export function recipientRule(r: Recipient): RecipientRule | null {
  const value = r.value.trim();
  if (!value) return 'recipient';
  if (r.type === 'uid') return /^\d{1,16}$/.test(value) ? null : 'uid';
  if (r.type === 'email') return value.length <= 40 && EMAIL.test(value) ? null : 'emailInvalid';
  return /^\d{5,12}$/.test(value) ? null : 'phoneInvalid';
}

/** What reaches the recipient: the amount less the fee, exact; null while the amount is not a number above the fee. */
export function arrivedAmount(amount: string, fee: string): string | null {
  const text = amount.trim().replace(/\.$/, '');
  if (!isDecimal(text)) return null;
  const rest = sub(text, fee);
  return compare(rest, '0') > 0 ? rest : null;
}

/** The recipient an address-book entry names: its uid, else its e-mail, else its phone with the area code. */
export function entryRecipient(e: BookEntry): Recipient | null {
  if (e.uid) return { type: 'uid', value: e.uid };
  if (e.email) return { type: 'email', value: e.email };
  if (e.mobile) return { type: 'mobile', value: e.mobile, areaCode: e.areaCode };
  return null;
}

/** How an entry reads on its chip: the remark, else who it names. */
export function entryLabel(e: BookEntry): string {
  const r = entryRecipient(e);
  const who = r ? (r.type === 'mobile' ? `+${r.areaCode ?? ''} ${r.value}` : r.value) : '';
  return e.remark ? `${e.remark} · ${who}` : who;
}

export const RECIPIENT_TYPES: readonly RecipientType[] = ['uid', 'email', 'mobile'];
