import type { ContractThumb, Position, SwapWallet, TradeInit } from '../../../../common/contracts/swap.ts';

import type { ContractPrices } from '../market/contract-prices.ts';

/** The live prices of the contract (the page's `useContractPrices`). */
export type EntryPrices = ContractPrices;

/** What the signed-in user has, live from the `user` channel (useContractSession returns a superset). */
export interface EntrySession {
  wallet: SwapWallet | null;
  positions: readonly Position[];
  /** Re-reads the user's state over REST (after a placed order, as a fallback to the socket). */
  refresh(): void;
}

/** The props the page mounts the form with; null session: a visitor (the page shows its own prompt). */
export interface ContractEntryProps {
  contract: ContractThumb;
  prices: EntryPrices | null;
  session: EntrySession | null;
}

/** The user's choices on the contract (trade-init `settings`). */
export type EntrySettings = NonNullable<TradeInit['settings']>;
