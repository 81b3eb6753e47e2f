// The headless model of one side of the spot order form (spec trading §3 spot order, §5 numeric input): what the
// person typed, how each edit moves the other fields, what is shown, and what a submit does. No React: the view renders
// it and sends what `planSubmit` says; tests/src/features/trade/order-entry/entry-model.test.ts checks it.
import { toFixed } from '../../../../common/decimal.ts';
import { Side } from '../../../../common/trading.ts';
import { groupDigits } from '../../../format/intl.ts';
import { formatNumericOnBlur, sanitizeNumericInput } from '../../../format/numeric-input.ts';
import { tradedAmountDecimals } from '../../../format/price.ts';
import {
  amountOf,
  checkOrder,
  type EntryError,
  type EntryInput,
  type EntryKind,
  feeOf,
  type OrderBody,
  percentOf,
  type SpotAccount,
  sizedByTotal,
  totalOf,
  valuationPrice,
} from './math.ts';

/** What a side needs besides its own state: the props it renders with. */
export interface EntryContext {
  side: Side;
  kind: EntryKind;
  account: SpotAccount | null;
  coins: { base: string; quote: string };
}

/** Why the side cannot send: a rule of the form, the server's refusal, or no spot account to check against. */
export type EntryProblem =
  | { kind: 'rule'; error: EntryError }
  | { kind: 'server'; message: string }
  | { kind: 'account' };

export interface EntryState {
  price: string;
  trigger: string;
  amount: string;
  /** As typed; empty while the total follows price × amount (except a market buy, sized by it). */
  total: string;
  /** The slider's share of the balance (0–100). */
  percent: number;
  problem: EntryProblem | null;
  sending: boolean;
  /** The order waiting for the person's confirmation (the stored trade config asks for one). */
  confirming: OrderBody | null;
  /** The last price has been put in once (a limit order starts at the market). */
  seeded: boolean;
}

export const emptyEntry = (): EntryState => ({
  price: '',
  trigger: '',
  amount: '',
  total: '',
  percent: 0,
  problem: null,
  sending: false,
  confirming: null,
  seeded: false,
});

export type EntryField = 'price' | 'trigger' | 'amount' | 'total';

export type EntryAction =
  | { type: 'edit'; field: EntryField; raw: string }
  | { type: 'blur'; field: EntryField }
  | { type: 'percent'; value: number }
  /** The account arrived: the last price, once. */
  | { type: 'seed' }
  /** A price picked in the book (spec trading §2). */
  | { type: 'picked'; price: string }
  /** Another order kind: the price stays, the size may mean another thing (a market buy's total). */
  | { type: 'kind' }
  | { type: 'cancelConfirm' }
  | { type: 'failed'; message: string }
  | { type: 'placed' };

/** spec trading §3, §9: keepDecimalForCoin and keepDecimalForCurrency default 4 (spot default decimals). */
export const SPOT_DEFAULT_DECIMALS = 4;

/** Decimals kept while typing: the spot account's, the spec's default 4 until it is known. */
export function scales(account: SpotAccount | null) {
  return {
    price: account?.keepDecimalForCurrency ?? SPOT_DEFAULT_DECIMALS,
    amount: account?.keepDecimalForCoin ?? SPOT_DEFAULT_DECIMALS,
    total: account?.keepDecimalForTotal ?? SPOT_DEFAULT_DECIMALS,
  };
}

export function entryInput(state: EntryState, ctx: EntryContext): EntryInput {
  const { price, trigger, amount, total } = state;
  return { side: ctx.side, kind: ctx.kind, price, trigger, amount, total };
}

const clearSize = (state: EntryState): EntryState => ({ ...state, amount: '', total: '', percent: 0 });

function edit(state: EntryState, field: EntryField, raw: string, ctx: EntryContext): EntryState {
  const scale = scales(ctx.account);
  const next = { ...state, problem: null };
  switch (field) {
    case 'price':
      // The amount stays; the total follows the price.
      return { ...next, price: sanitizeNumericInput(raw, { decimals: scale.price }), total: '' };
    case 'trigger':
      return { ...next, trigger: sanitizeNumericInput(raw, { decimals: scale.price }) };
    case 'amount':
      return { ...next, amount: sanitizeNumericInput(raw, { decimals: scale.amount }), total: '', percent: 0 };
    case 'total': {
      const total = sanitizeNumericInput(raw, { decimals: scale.total });
      const out = { ...next, total, percent: 0 };
      if (sizedByTotal(ctx.side, ctx.kind) || !ctx.account) return out;
      return { ...out, amount: amountOf(total, valuationPrice(entryInput(out, ctx), ctx.account), ctx.account) };
    }
  }
}

function blur(state: EntryState, field: EntryField, ctx: EntryContext): EntryState {
  const scale = scales(ctx.account);
  if (field === 'total')
    return state.total ? { ...state, total: formatNumericOnBlur(state.total, scale.total) } : state;
  const decimals = field === 'amount' ? scale.amount : scale.price;
  return { ...state, [field]: formatNumericOnBlur(state[field], decimals) };
}

function percent(state: EntryState, value: number, ctx: EntryContext): EntryState {
  const next = { ...state, percent: value, problem: null };
  if (!ctx.account) return next;
  const size = value > 0 ? percentOf(entryInput(state, ctx), value, ctx.account) : '';
  return sizedByTotal(ctx.side, ctx.kind) ? { ...next, total: size } : { ...next, amount: size, total: '' };
}

export function reduceEntry(state: EntryState, action: EntryAction, ctx: EntryContext): EntryState {
  switch (action.type) {
    case 'edit':
      return edit(state, action.field, action.raw, ctx);
    case 'blur':
      return blur(state, action.field, ctx);
    case 'percent':
      return percent(state, action.value, ctx);
    case 'seed': {
      if (state.seeded || !ctx.account) return state;
      const last = ctx.account.currentExchangPrice;
      const price = Number(last) > 0 ? formatNumericOnBlur(last, ctx.account.keepDecimalForCurrency) : state.price;
      return { ...state, seeded: true, price };
    }
    case 'picked':
      return { ...state, price: action.price };
    case 'kind':
      return { ...clearSize(state), problem: null };
    case 'cancelConfirm':
      return { ...state, confirming: null };
    case 'failed':
      // The request layer toasts the server's message too; it stays here until the next edit.
      return { ...state, sending: false, problem: { kind: 'server', message: action.message } };
    case 'placed':
      return { ...clearSize(state), sending: false };
  }
}

/**
 * A submit: the checks of math.ts, then either the confirmation (when the stored config asks for one, `ask`) or the
 * body to send now. The state is the one to show either way.
 */
export function planSubmit(
  state: EntryState,
  ctx: EntryContext,
  ask: boolean,
): { state: EntryState; send: OrderBody | null } {
  if (!ctx.account) return { state: { ...state, problem: { kind: 'account' } }, send: null };
  if (state.sending) return { state, send: null };
  const checked = checkOrder(entryInput(state, ctx), ctx.account, ctx.coins);
  if (!checked.ok) return { state: { ...state, problem: { kind: 'rule', error: checked.error } }, send: null };
  if (ask) return { state: { ...state, confirming: checked.body }, send: null };
  return startSending(state, checked.body);
}

/** The confirmed (or unconfirmed) order leaves: the form shows it is sending. */
export function startSending(state: EntryState, body: OrderBody): { state: EntryState; send: OrderBody } {
  return { state: { ...state, confirming: null, sending: true }, send: body };
}

/**
 * The total shown: as typed, or price × amount while it follows them (a market buy shows what was typed). The followed
 * one is a traded amount (spec shell §9): 5 decimals for a BTC quote, else 2, truncated; not grouped, as the field
 * reads its text back.
 */
export function shownTotal(state: EntryState, ctx: EntryContext): string {
  if (sizedByTotal(ctx.side, ctx.kind)) return state.total;
  if (state.total || !ctx.account) return state.total;
  const total = totalOf(valuationPrice(entryInput(state, ctx), ctx.account), state.amount, ctx.account);
  return total && toFixed(total, tradedAmountDecimals(ctx.coins.quote));
}

/** The total named in the confirmation: price × amount when it can be said, else the typed total. */
export function confirmTotal(state: EntryState, ctx: EntryContext): string {
  if (!ctx.account) return state.total;
  return totalOf(valuationPrice(entryInput(state, ctx), ctx.account), state.amount, ctx.account) || state.total;
}

/** The fee estimate with its coin (buys pay it in the base coin, sells in the quote coin), or '--'. */
export function feeText(state: EntryState, ctx: EntryContext): string {
  const fee = ctx.account ? feeOf(entryInput(state, ctx), ctx.account) : '';
  if (!fee) return '--';
  return `${fee} ${ctx.side === Side.buy ? ctx.coins.base : ctx.coins.quote}`;
}

/** What the side can spend: the quote coin for a buy, the base coin for a sell ('--' until the account is known). */
export function availableText(ctx: EntryContext): string {
  const buy = ctx.side === Side.buy;
  const amount = ctx.account ? (buy ? ctx.account.rmb : ctx.account.coinHotMoney) : '--';
  return `${groupDigits(amount)} ${buy ? ctx.coins.quote : ctx.coins.base}`;
}
