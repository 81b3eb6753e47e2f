// The headless model of the wallet transfer (spec shell §7 "transfers"): from and to wallets (never the same), the
// coin, the amount and its rule, and what a submit sends. The view (transfer-form.tsx) renders it;
// tests/src/features/assets/transfer/transfer-model.test.ts checks it without React.
import type { TransferCoin, Wallet } from './api.ts';
import { type AmountRule, amountRule, pickWallets } from './logic.ts';

export interface TransferState {
  from: Wallet;
  to: Wallet;
  coin: string;
  amount: string;
  /** A submit was tried: the amount's rule shows from then on. */
  checked: boolean;
  busy: boolean;
}

export const initialTransfer = (initial: { from: Wallet; to: Wallet; coin: string }): TransferState => ({
  ...initial,
  amount: '',
  checked: false,
  busy: false,
});

export type TransferAction =
  | { type: 'wallet'; side: 'from' | 'to'; wallet: Wallet }
  | { type: 'swap' }
  | { type: 'coin'; coin: string }
  | { type: 'amount'; amount: string }
  | { type: 'done'; ok: boolean };

export function reduceTransfer(state: TransferState, action: TransferAction): TransferState {
  switch (action.type) {
    case 'wallet':
      return { ...state, ...pickWallets(state, action.side, action.wallet) };
    case 'swap':
      return { ...state, from: state.to, to: state.from };
    case 'coin':
      return { ...state, coin: action.coin, amount: '', checked: false };
    case 'amount':
      return { ...state, amount: action.amount };
    case 'done':
      return action.ok ? { ...state, busy: false, amount: '', checked: false } : { ...state, busy: false };
  }
}

/** The coin chosen (else the first listed), its decimals and what the from-wallet holds of it. */
export function coinOf(state: TransferState, coins: readonly TransferCoin[]) {
  const coin = coins.find((c) => c.coin === state.coin) ?? coins[0];
  return { coin, decimals: coin?.decimals ?? 8, available: coin?.available[state.from] ?? null };
}

export const amountProblem = (state: TransferState, coins: readonly TransferCoin[]): AmountRule | null => {
  const { decimals, available } = coinOf(state, coins);
  return amountRule(state.amount, decimals, available);
};

/** A submit: the amount's rule shows from now on; the transfer to send when it passes. */
export function planTransfer(
  state: TransferState,
  coins: readonly TransferCoin[],
): { state: TransferState; send: { coin: string; amount: string; from: Wallet; to: Wallet } | null } {
  const next = { ...state, checked: true };
  const { coin } = coinOf(state, coins);
  if (amountProblem(state, coins) || !coin || state.busy) return { state: next, send: null };
  return {
    state: { ...next, busy: true },
    send: { coin: coin.coin, amount: state.amount, from: state.from, to: state.to },
  };
}
