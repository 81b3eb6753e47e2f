// The headless model of /coinExchange: the two coins, the amount, and why no quote shows (the same coin twice, no
// amount, no route through the live markets). The view (coin-exchange-page.tsx) renders it;
// tests/src/features/content/coin-exchange-model.test.ts checks it without React.
import { sanitizeNumericInput } from '../../../format/numeric-input.ts';
import { CONVERT_HUB, type ConvertQuote, convertQuote } from '../logic.ts';

/** Decimals the amount input keeps. */
const AMOUNT_DECIMALS = 8;

export interface CoinExchangeState {
  from: string;
  to: string;
  amount: string;
}

/** The coins a link names (?from=, ?to=), else BTC into the hub coin; one of each to start. */
export const initialCoinExchange = (from: string | null, to: string | null): CoinExchangeState => ({
  from: (from ?? 'BTC').toUpperCase(),
  to: (to ?? CONVERT_HUB).toUpperCase(),
  amount: '1',
});

export type CoinExchangeAction =
  | { type: 'from' | 'to'; coin: string }
  | { type: 'swap' }
  | { type: 'amount'; text: string };

export function reduceCoinExchange(state: CoinExchangeState, action: CoinExchangeAction): CoinExchangeState {
  switch (action.type) {
    case 'from':
    case 'to':
      return { ...state, [action.type]: action.coin };
    case 'swap':
      return { ...state, from: state.to, to: state.from };
    case 'amount':
      return { ...state, amount: sanitizeNumericInput(action.text, { decimals: AMOUNT_DECIMALS }) };
  }
}

/** A positive amount to convert. */
export const amountOk = (state: CoinExchangeState): boolean => Number(state.amount) > 0;

export type CoinExchangeProblem = 'sameCoin' | 'invalidAmount' | 'noRoute' | null;

/**
 * The quote from the live last prices (an indication, so plain numbers do), and its first problem. `prices` null:
 * the markets are not there yet, so a missing route is not a problem yet.
 */
export function quoteOf(
  state: CoinExchangeState,
  prices: ReadonlyMap<string, number> | null,
): { quote: ConvertQuote | null; problem: CoinExchangeProblem } {
  const value = Number(state.amount);
  const quote = convertQuote(state.from, state.to, value, prices ?? new Map());
  if (state.from === state.to) return { quote, problem: 'sameCoin' };
  if (!amountOk(state)) return { quote, problem: 'invalidAmount' };
  return { quote, problem: prices && !quote ? 'noRoute' : null };
}
