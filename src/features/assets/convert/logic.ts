import { compare, isDecimal, mul, truncate } from '../../../../common/decimal.ts';
import { formatNumberText } from '../../../format/price.ts';
import { DEFAULT_DEBOUNCE_MS } from '../../../ui/debounce.ts';
import type { ConvertPrice } from './api.ts';

/** A price is asked again this long before its quote runs out, so the one on screen can always be converted. */
export const REFRESH_MARGIN_MS = 2000;
/** Typing an amount asks for its price after the spec's default debounce (shell §9, 500 ms). */
export const PRICE_DEBOUNCE_MS = DEFAULT_DEBOUNCE_MS;

/**
 * A rate to read: 8 decimals from 1 up, six significant digits below, very small ones in collapsed-zero notation
 * (spec shell §9), grouped like every other price. Truncated, never rounded up: the screen never promises more than
 * the quote.
 */
export function rateText(rate: string): string {
  const [whole = '0', fraction = ''] = rate.split('.');
  const zeros = whole === '0' ? (/^0*/.exec(fraction)?.[0].length ?? 0) : 0;
  return formatNumberText(truncate(rate, whole === '0' ? zeros + 6 : 8));
}

/** The spread as a percent: '0.002' → '0.2'. */
export function spreadPercent(spread: string): string {
  return mul(spread, '100');
}

/** Whether a quote was made for exactly these coins and this amount (only then can it be converted). */
export function quoteFits(quote: ConvertPrice | null, from: string, to: string, amount: string): boolean {
  const text = amount.trim().replace(/\.$/, '');
  if (!quote?.quoteId || !quote.amount || quote.from !== from || quote.to !== to || !isDecimal(text)) return false;
  return compare(quote.amount, text) === 0;
}

/** Default pair: the first coin with money in spot to USDT (or USDT to BTC when that is the coin). */
export function defaultPair(coins: readonly { coin: string; available: string }[]): { from: string; to: string } {
  const held = coins.find((c) => isDecimal(c.available) && compare(c.available, '0') > 0)?.coin ?? 'USDT';
  return { from: held, to: held === 'USDT' ? 'BTC' : 'USDT' };
}
