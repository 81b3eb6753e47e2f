// How the contract panels show rates and signed money.
import { Exact } from '../../../../common/decimal.ts';

/** A decimal rate as a percent with two places ("0.0436" → "4.36%"); "--" when it is not a number. */
export function percent(rate: string): string {
  if (!/^-?\d+(\.\d+)?$/.test(rate)) return '--';
  return `${new Exact(rate).mul(100).toDecimalPlaces(2, Exact.ROUND_DOWN).toFixed(2)}%`;
}

/** Money with its sign: "+1.5", "-0.2", "0". */
export function signed(amount: string): string {
  return /^\d/.test(amount) && new Exact(amount).gt(0) ? `+${amount}` : amount;
}

/** The up/down class of an amount (--up / --down follow the red-up preference). */
export function tone(amount: string): 'up' | 'down' | '' {
  if (!/^-?\d+(\.\d+)?$/.test(amount)) return '';
  const value = new Exact(amount);
  return value.gt(0) ? 'up' : value.lt(0) ? 'down' : '';
}
