// The headless model of the quick exchange (spec shell §7 "quick exchange price and add"): the pair, the amount, the
// live quote and when to ask for the next, whether it can be converted, and the result. The view
// (quick-exchange-panel.tsx) renders it and runs the requests it names; tests/src/features/assets/convert/
// convert-model.test.ts checks it without React.
import { type AmountRule, amountRule } from '../transfer/logic.ts';
import type { ConvertCoin, ConvertPrice, ConvertRecord } from './api.ts';
import { defaultPair, quoteFits, REFRESH_MARGIN_MS } from './logic.ts';

export interface Pair {
  from: string;
  to: string;
}

export interface ConvertState {
  pair: Pair | null;
  amount: string;
  quote: ConvertPrice | null;
  /** The server's reason for refusing a price. */
  quoteError: string | null;
  quoting: boolean;
  /** When the quote on screen arrived (ms), and the clock of its countdown. */
  receivedAt: number;
  now: number;
  /** Bumped to ask again for the same inputs (the quote runs out, a conversion was refused). */
  refresh: number;
  /** The pair and amount of the last price asked ('' before any). */
  asked: string;
  /** A submit was tried: every amount problem shows from then on. */
  checked: boolean;
  busy: boolean;
  result: ConvertRecord | null;
  history: boolean;
}

export const initialConvert = (now: number): ConvertState => ({
  pair: null,
  amount: '',
  quote: null,
  quoteError: null,
  quoting: false,
  receivedAt: 0,
  now,
  refresh: 0,
  asked: '',
  checked: false,
  busy: false,
  result: null,
  history: false,
});

export type ConvertAction =
  | { type: 'coins'; coins: readonly ConvertCoin[] }
  | { type: 'from'; coin: string }
  | { type: 'to'; coin: string }
  | { type: 'swap' }
  | { type: 'amount'; amount: string }
  | { type: 'asking'; key: string }
  | { type: 'quoted'; quote: ConvertPrice; at: number }
  | { type: 'refused'; message: string }
  /** A price request given up (the inputs changed while it was on its way). */
  | { type: 'dropped' }
  /** A second passed: the countdown moves, and a price is asked again before the quote runs out. */
  | { type: 'tick'; now: number }
  | { type: 'converting' }
  | { type: 'converted'; record: ConvertRecord | null }
  | { type: 'again' }
  | { type: 'history' };

/** Choosing the coin on the other side swaps the two, so they never match. */
function choose(pair: Pair | null, side: 'from' | 'to', coin: string): Pair {
  if (side === 'from')
    return pair && coin === pair.to ? { from: coin, to: pair.from } : { to: pair?.to ?? 'USDT', from: coin };
  return pair && coin === pair.from ? { from: pair.to, to: coin } : { from: pair?.from ?? 'USDT', to: coin };
}

export function reduceConvert(state: ConvertState, action: ConvertAction): ConvertState {
  switch (action.type) {
    case 'coins':
      return { ...state, pair: state.pair ?? defaultPair(action.coins) };
    case 'from':
    case 'to':
      return { ...state, pair: choose(state.pair, action.type, action.coin) };
    case 'swap':
      return { ...state, pair: state.pair && { from: state.pair.to, to: state.pair.from }, amount: '' };
    case 'amount':
      return { ...state, amount: action.amount };
    case 'asking':
      return { ...state, asked: action.key, quoting: true };
    case 'quoted':
      return { ...state, quoting: false, quote: action.quote, quoteError: null, receivedAt: action.at };
    case 'refused':
      return { ...state, quoting: false, quote: null, quoteError: action.message };
    case 'dropped':
      return { ...state, quoting: false };
    case 'tick': {
      const due = state.quote ? state.receivedAt + state.quote.validMs - REFRESH_MARGIN_MS : Number.POSITIVE_INFINITY;
      return { ...state, now: action.now, refresh: action.now >= due ? state.refresh + 1 : state.refresh };
    }
    case 'converting':
      return { ...state, checked: true, busy: true };
    case 'converted':
      // A refused or expired quote: a fresh price at once.
      if (!action.record) return { ...state, busy: false, refresh: state.refresh + 1 };
      return { ...state, busy: false, result: action.record };
    case 'again':
      return { ...state, result: null, amount: '', quote: null, checked: false, asked: '' };
    case 'history':
      return { ...state, history: !state.history };
  }
}

/**
 * The price to ask for what is on screen, or null (no pair yet, a result shown, the same coin twice). An amount that
 * is not a valid number asks for the rate alone. `delay`: at once when only time passed, else after a typing pause.
 */
export function priceRequest(
  state: ConvertState,
  decimals: number,
  debounceMs: number,
): { key: string; from: string; to: string; amount: string; delay: number } | null {
  const { pair } = state;
  if (!pair || state.result || pair.from === pair.to) return null;
  const typed = state.amount.trim().replace(/\.$/, '');
  const amount = amountRule(typed, decimals, null) === null ? typed : '';
  const key = `${pair.from}|${pair.to}|${amount}`;
  return { key, from: pair.from, to: pair.to, amount, delay: key === state.asked ? 0 : debounceMs };
}

/** What the amount breaks, with the coin's balance. */
export const amountProblem = (state: ConvertState, from: ConvertCoin | undefined): AmountRule | null =>
  amountRule(state.amount, from?.decimals ?? 8, from?.available ?? null);

/** An amount problem shows once a submit was tried, or at once for too many decimals or too much. */
export function shownProblem(state: ConvertState, from: ConvertCoin | undefined): AmountRule | null {
  const rule = amountProblem(state, from);
  return rule && (state.checked || rule === 'decimals' || rule === 'exceeds') ? rule : null;
}

/** The quote on screen was made for these coins and this amount: only then can it be converted. */
export const canConvert = (state: ConvertState): boolean =>
  !!state.pair && quoteFits(state.quote, state.pair.from, state.pair.to, state.amount);

/** A submit: the conversion to make at the quote on screen, or null (the problem shows from now on). */
export function planConvert(
  state: ConvertState,
  from: ConvertCoin | undefined,
): { state: ConvertState; convert: { from: string; to: string; amount: string; quoteId: string } | null } {
  const { pair, quote } = state;
  const blocked = !pair || amountProblem(state, from) || state.busy || !canConvert(state);
  if (blocked || !pair || !quote?.quoteId || !quote.amount)
    return { state: { ...state, checked: true }, convert: null };
  return {
    state: reduceConvert(state, { type: 'converting' }),
    convert: { from: pair.from, to: pair.to, amount: quote.amount, quoteId: quote.quoteId },
  };
}

/** Seconds until the next price (which comes before the quote runs out). */
export function secondsLeft(state: ConvertState): number {
  if (!state.quote) return 0;
  return Math.max(0, Math.ceil((state.receivedAt + state.quote.validMs - REFRESH_MARGIN_MS - state.now) / 1000));
}

/** The rate shown is for the coins on screen. */
export const rateFits = (state: ConvertState): boolean =>
  !!state.quote && !!state.pair && state.quote.from === state.pair.from && state.quote.to === state.pair.to;
