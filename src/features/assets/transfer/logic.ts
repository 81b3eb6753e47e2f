import { compare, isDecimal } from '../../../../common/decimal.ts';
import type { Wallet } from './api.ts';

export type AmountRule = 'required' | 'positive' | 'decimals' | 'exceeds';

/**
 * What is wrong with a typed amount, checked as the server will (exact decimals, never floats): empty, not above zero,
 * more decimals than the coin has, more than is available. `available` null: not known yet, not checked.
 */
export function amountRule(amount: string, decimals: number, available: string | null): AmountRule | null {
  const text = amount.trim().replace(/\.$/, '');
  if (text === '') return 'required';
  if (!isDecimal(text) || compare(text, '0') <= 0) return 'positive';
  const fraction = text.split('.')[1] ?? '';
  if (fraction.length > decimals) return 'decimals';
  if (available !== null && compare(text, available) > 0) return 'exceeds';
  return null;
}

/**
 * The other side after one side changed: choosing the wallet that is already on the other side swaps them, as the
 * swap button does, so the two never match.
 */
export function pickWallets(
  current: { from: Wallet; to: Wallet },
  side: 'from' | 'to',
  wallet: Wallet,
): { from: Wallet; to: Wallet } {
  if (side === 'from') return wallet === current.to ? { from: wallet, to: current.from } : { ...current, from: wallet };
  return wallet === current.from ? { from: current.to, to: wallet } : { ...current, to: wallet };
}

/** The first two wallets of a list that a query names, else spot → funds (the usual first move). */
export function initialWallets(wallets: readonly Wallet[], from: string | null, to: string | null) {
  const known = (w: string | null): Wallet | null =>
    w && (wallets as readonly string[]).includes(w) ? (w as Wallet) : null;
  const f = known(from) ?? 'spot';
  const t = known(to) ?? (f === 'funds' ? 'spot' : 'funds');
  return f === t ? { from: f, to: (f === 'funds' ? 'spot' : 'funds') as Wallet } : { from: f, to: t };
}

/** Pages of a list: the assets screens' one rule. */
export { pageCount } from '../common/model.ts';
