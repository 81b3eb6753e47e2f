import { compare, isDecimal, sub } from '../../../../common/decimal.ts';
import type { CoinInfo, MemoType, NetworkInfo, WithdrawForm, WithdrawInfo } from './api.ts';

/** spec shell §9: records page by 10. */
export const RECORDS_PAGE_SIZE = 10;

/** How often the history tables refresh while a record is still moving (confirmations, review, processing). */
export const LIVE_REFRESH_MS = 2000;

export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(total / Math.max(1, pageSize)));
}

/**
 * Coins whose ticker or name contains the query; whitespace is removed and case ignored, as the market search does
 * (spec shell §5).
 */
export function filterCoins(coins: readonly CoinInfo[], query: string): CoinInfo[] {
  const q = query.replace(/\s+/g, '').toLowerCase();
  if (!q) return [...coins];
  return coins.filter((c) => c.unit.toLowerCase().includes(q) || c.name.replace(/\s+/g, '').toLowerCase().includes(q));
}

export function findNetwork(coin: CoinInfo | undefined, protocol: string): NetworkInfo | undefined {
  return coin?.networks.find((n) => n.protocol === protocol);
}

/** The label key of a network's memo field: XRP calls it a (destination) tag, the others a memo. */
export function memoKind(memoType: MemoType | null): 'memo' | 'tag' {
  return memoType === 'TAG' ? 'tag' : 'memo';
}

export function addressValid(network: NetworkInfo, address: string): boolean {
  return new RegExp(network.addressPattern).test(address.trim());
}

/** The largest XRP destination tag (an unsigned 32-bit number). */
const MAX_TAG = 4_294_967_295;

export function memoValid(network: NetworkInfo, memo: string): boolean {
  const text = memo.trim();
  if (network.memoPattern !== null && !new RegExp(network.memoPattern).test(text)) return false;
  return network.memoType !== 'TAG' || Number(text) <= MAX_TAG;
}

/** A positive exact decimal with at most `decimals` decimals, or null. */
export function validAmount(text: string, decimals: number): string | null {
  const value = text.trim().replace(/\.$/, '');
  if (!isDecimal(value) || value.startsWith('-')) return null;
  // As written: '1.50' has 2 decimals even where the coin has 1.
  const written = value.split('.')[1]?.length ?? 0;
  return written <= decimals && compare(value, '0') > 0 ? value : null;
}

/** What arrives on chain: the amount less the network fee, or null while the amount does not cover the fee. */
export function receiveAmount(amount: string, fee: string, decimals: number): string | null {
  const value = validAmount(amount, decimals);
  if (value === null || compare(value, fee) <= 0) return null;
  return sub(value, fee);
}

export type WithdrawProblem =
  | 'locked'
  | 'addressRequired'
  | 'addressInvalid'
  | 'memoRequired'
  | 'tagRequired'
  | 'memoInvalid'
  | 'tagInvalid'
  | 'amountRequired'
  | 'amountInvalid'
  | 'belowMin'
  | 'overAvailable'
  | 'emailCodeRequired'
  | 'phoneCodeRequired'
  | 'googleCodeRequired';

/**
 * The first thing that keeps a withdrawal from being sent, checked in the order of the form (the server checks all of
 * it again): the lock after a password change, the address and memo on the network, the amount between the network
 * minimum and the available balance, and the codes the user's verifyList and Google authenticator ask for.
 */
export function withdrawProblem(
  form: WithdrawForm,
  network: NetworkInfo,
  decimals: number,
  info: WithdrawInfo,
  now: number,
): WithdrawProblem | null {
  if (info.lockedUntil > now) return 'locked';
  const address = form.address.trim();
  if (!address) return 'addressRequired';
  if (!addressValid(network, address)) return 'addressInvalid';
  const kind = memoKind(network.memoType);
  if (network.needMemo) {
    if (!form.tag.trim()) return kind === 'tag' ? 'tagRequired' : 'memoRequired';
    if (!memoValid(network, form.tag)) return kind === 'tag' ? 'tagInvalid' : 'memoInvalid';
  }
  if (!form.amount.trim()) return 'amountRequired';
  const amount = validAmount(form.amount, decimals);
  if (amount === null) return 'amountInvalid';
  if (compare(amount, network.withdrawMin) < 0 || compare(amount, network.withdrawFee) <= 0) return 'belowMin';
  if (compare(amount, info.available) > 0) return 'overAvailable';
  if (info.verifyList.includes('email') && !form.emailCode.trim()) return 'emailCodeRequired';
  if (info.verifyList.includes('phone') && !form.phoneCode.trim()) return 'phoneCodeRequired';
  if (info.googleStatus === 1 && !form.googleCode.trim()) return 'googleCodeRequired';
  return null;
}

/**
 * What of a history page moves a balance: its records and their statuses. The pages poll their history every
 * {@link LIVE_REFRESH_MS} while a record is open; the balance is read again only when this changes.
 */
export function historyKey(records: readonly { id: number; status: number }[]): string {
  return records.map((r) => `${r.id}:${r.status}`).join(',');
}

/** A fresh idempotency key for one submission (the server accepts 8–64 of [A-Za-z0-9_-]). */
export function newRequestId(random: () => string = () => crypto.randomUUID()): string {
  return random().replace(/[^A-Za-z0-9_-]/g, '');
}

/** A long hash or address cut in the middle for a table cell: `0x1234ab…9f3e21`. */
export function shortText(text: string, head = 8, tail = 6): string {
  return text.length <= head + tail + 1 ? text : `${text.slice(0, head)}…${text.slice(-tail)}`;
}

/** "3/12": confirmations seen of those needed. */
export function confirmationText(seen: number, needed: number): string {
  return `${Math.min(seen, needed)}/${needed}`;
}

/** Minutes (at least 1) until a deposit with this many seconds of confirmations arrives. */
export function arrivalMinutes(seconds: number): number {
  return Math.max(1, Math.ceil(seconds / 60));
}

/** spec shell §5: phone digits (at least 5, at most 12) and the basic e-mail pattern; the server checks them again. */
const MOBILE_PATTERN = /^\d{5,12}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const MAX_REMARK = 64;

/** How an internal entry names the member. */
export type MemberKind = 'uid' | 'email' | 'mobile';

export type EntryProblem =
  | 'addressRequired'
  | 'addressInvalid'
  | 'memoRequired'
  | 'tagRequired'
  | 'memoInvalid'
  | 'tagInvalid'
  | 'uidInvalid'
  | 'emailInvalid'
  | 'mobileInvalid'
  | 'remarkTooLong';

/** The first problem of an address-book entry: a valid address (and memo) on its network, or a well-formed member. */
export function entryProblem(
  draft: { address: string; tag: string; uid: string; email: string; mobile: string; remark: string },
  target: { network: NetworkInfo } | { member: MemberKind },
): EntryProblem | null {
  if ('network' in target) {
    const { network } = target;
    if (!draft.address.trim()) return 'addressRequired';
    if (!addressValid(network, draft.address)) return 'addressInvalid';
    const kind = memoKind(network.memoType);
    if (network.needMemo && !draft.tag.trim()) return kind === 'tag' ? 'tagRequired' : 'memoRequired';
    if (network.needMemo && !memoValid(network, draft.tag)) return kind === 'tag' ? 'tagInvalid' : 'memoInvalid';
  } else if (target.member === 'uid' && !/^\d{8}$/.test(draft.uid.trim())) return 'uidInvalid';
  else if (target.member === 'email' && !(draft.email.trim().length <= 40 && EMAIL_PATTERN.test(draft.email.trim()))) {
    return 'emailInvalid';
  } else if (target.member === 'mobile' && !MOBILE_PATTERN.test(draft.mobile.trim())) return 'mobileInvalid';
  if ([...draft.remark.trim()].length > MAX_REMARK) return 'remarkTooLong';
  return null;
}
