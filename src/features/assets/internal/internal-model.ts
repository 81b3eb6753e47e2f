// The headless model of the internal transfer (spec shell §7 "internal transfer": member-exist, fee-info, code,
// transfer-check, transfer): the recipient and its look-up, coin, amount and codes, the problems in the order of the
// form, the check and the confirmation. The view (internal-transfer-panel.tsx) renders it;
// tests/src/features/assets/internal/internal-model.test.ts checks it without React.
import { compare } from '../../../../common/decimal.ts';
import { missingFactor } from '../../account/validation.ts';
import { type AmountRule, amountRule } from '../transfer/logic.ts';
import type { CheckAnswer, FeeInfo, InternalCodes, InternalRequest, MemberAnswer, Recipient } from './api.ts';
import { arrivedAmount, type RecipientRule, recipientRule } from './logic.ts';

export type Lookup =
  | { status: 'idle' }
  | { status: 'busy' }
  | { status: 'found'; name: string; self: boolean }
  | { status: 'none' };

export interface InternalState {
  recipient: Recipient;
  lookup: Lookup;
  /** The recipient the look-up is for (type, area code and value). */
  lookedUp: string;
  coin: string;
  amount: string;
  codes: InternalCodes;
  /** A submit was tried: problems show from then on. */
  checked: boolean;
  busy: boolean;
  /** The server's check, waiting for the person's confirmation. */
  confirm: { answer: CheckAnswer; request: InternalRequest; requestId: string } | null;
}

/** What the form is checked against: the coin's fee (once loaded), its decimals and balance, the user's factors. */
export interface InternalContext {
  fee: FeeInfo | null;
  /** The coin of the transfer list (decimals and funds balance until the fee answer has them). */
  coin: { decimals: number; available: string | null } | null;
  security: { verifyList: readonly string[]; googleStatus: number; withdrawLockedUntil: number | null } | null;
}

export const initialInternal = (areaCode: string): InternalState => ({
  recipient: { type: 'uid', value: '', areaCode },
  lookup: { status: 'idle' },
  lookedUp: '',
  coin: 'USDT',
  amount: '',
  codes: {},
  checked: false,
  busy: false,
  confirm: null,
});

export const recipientKey = (r: Recipient) => `${r.type}|${r.areaCode ?? ''}|${r.value.trim()}`;

export type InternalAction =
  | { type: 'recipient'; recipient: Recipient }
  | { type: 'lookup' }
  | { type: 'looked'; answer: MemberAnswer | null }
  | { type: 'coin'; coin: string }
  | { type: 'amount'; amount: string }
  | { type: 'codes'; codes: InternalCodes }
  | { type: 'checked'; confirm: NonNullable<InternalState['confirm']> | null }
  | { type: 'cancel' }
  | { type: 'sending' }
  | { type: 'sent'; ok: boolean };

export function reduceInternal(state: InternalState, action: InternalAction): InternalState {
  switch (action.type) {
    case 'recipient': {
      const same = recipientKey(action.recipient) === state.lookedUp;
      return { ...state, recipient: action.recipient, lookup: same ? state.lookup : { status: 'idle' } };
    }
    case 'lookup':
      return { ...state, lookup: { status: 'busy' }, lookedUp: recipientKey(state.recipient) };
    case 'looked': {
      const a = action.answer;
      if (!a) return { ...state, lookup: { status: 'idle' }, lookedUp: '' };
      return { ...state, lookup: a.exist ? { status: 'found', name: a.name ?? '', self: a.self } : { status: 'none' } };
    }
    case 'coin':
      return { ...state, coin: action.coin, amount: '' };
    case 'amount':
      return { ...state, amount: action.amount };
    case 'codes':
      return { ...state, codes: { ...state.codes, ...action.codes } };
    case 'checked':
      return { ...state, busy: false, confirm: action.confirm };
    case 'cancel':
      return { ...state, confirm: null };
    case 'sending':
      return { ...state, busy: true };
    case 'sent':
      if (!action.ok) return { ...state, busy: false, confirm: null };
      return { ...state, busy: false, confirm: null, amount: '', codes: {}, checked: false };
  }
}

/** Whether a look-up should go out now: a well-formed recipient not looked up yet, none on its way. */
export function shouldLookUp(state: InternalState): boolean {
  return (
    !recipientRule(state.recipient) &&
    recipientKey(state.recipient) !== state.lookedUp &&
    state.lookup.status !== 'busy'
  );
}

export type RecipientProblem = { kind: 'rule'; rule: RecipientRule } | { kind: 'unknown' } | { kind: 'self' };
export type AmountProblem =
  | { kind: 'rule'; rule: AmountRule; decimals: number }
  | { kind: 'belowMinimum'; min: string; coin: string }
  | { kind: 'notAboveFee' };
export type CodeProblem = 'emailCodeRequired' | 'phoneCodeRequired' | 'googleCodeRequired';

export const decimalsOf = (ctx: InternalContext): number => ctx.fee?.decimals ?? ctx.coin?.decimals ?? 8;
export const availableOf = (ctx: InternalContext): string | null => ctx.fee?.available ?? ctx.coin?.available ?? null;
export const isLocked = (ctx: InternalContext, now: number): boolean => (ctx.security?.withdrawLockedUntil ?? 0) > now;

export function recipientProblem(state: InternalState): RecipientProblem | null {
  const rule = recipientRule(state.recipient);
  if (rule) return { kind: 'rule', rule };
  if (state.lookup.status === 'none') return { kind: 'unknown' };
  if (state.lookup.status === 'found' && state.lookup.self) return { kind: 'self' };
  return null;
}

export function amountProblem(state: InternalState, ctx: InternalContext): AmountProblem | null {
  const decimals = decimalsOf(ctx);
  const rule = amountRule(state.amount, decimals, availableOf(ctx));
  if (rule) return { kind: 'rule', rule, decimals };
  const { fee } = ctx;
  if (!fee) return null;
  if (compare(state.amount.replace(/\.$/, ''), fee.minAmount) < 0) {
    return { kind: 'belowMinimum', min: fee.minAmount, coin: fee.coin };
  }
  return arrivedAmount(state.amount, fee.fee) ? null : { kind: 'notAboveFee' };
}

export function codeProblem(state: InternalState, ctx: InternalContext): CodeProblem | null {
  return ctx.security ? missingFactor(ctx.security, state.codes) : null;
}

/** A submit: problems shown from now on; the request to check with the server when there are none. */
export function planCheck(
  state: InternalState,
  ctx: InternalContext,
  now: number,
): { state: InternalState; check: InternalRequest | null } {
  const next = { ...state, checked: true };
  const blocked =
    state.busy || isLocked(ctx, now) || recipientProblem(state) || amountProblem(state, ctx) || codeProblem(state, ctx);
  if (blocked) return { state: next, check: null };
  const { recipient, coin, amount, codes } = state;
  return {
    state: { ...next, busy: true },
    check: { ...recipient, value: recipient.value.trim(), coin, amount, ...codes },
  };
}

/** What reaches the recipient, once the fee is known and the amount covers it. */
export const arriveOf = (state: InternalState, ctx: InternalContext): string | null =>
  ctx.fee ? arrivedAmount(state.amount, ctx.fee.fee) : null;
