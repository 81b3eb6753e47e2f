import type { Generated, Selectable } from 'kysely';
import type { Db } from '../db/schema.ts';

/**
 * Tables of migration 0012 (issue 9: deposits, withdrawals and the withdrawal address book). Kept out of schema.ts:
 * the assets modules reach them through `depositDb`, which widens the database type. Amounts are exact decimal
 * strings within the coin's ledger decimals; the money itself lives in the ledger (funds wallet).
 */
export type DepositTables = {
  coin_networks: CoinNetworkTable;
  deposit_addresses: DepositAddressTable;
  deposits: DepositTable;
  withdrawals: WithdrawalTable;
  withdraw_addresses: WithdrawAddressTable;
};

/** One network a coin moves on (spec shell §7 "/uc/coin/list", "protocol"). */
export interface CoinNetworkTable {
  coin: string;
  /** TRC20, ERC20, BEP20, BTC, SOL… unique per coin. */
  protocol: string;
  name: string;
  /** Address format family (network-catalogue.ts CHAIN_FAMILIES). */
  family: string;
  /** 'MEMO' or 'TAG' when a receiver behind a shared address is picked by it; null otherwise. */
  memo_type: string | null;
  address_pattern: string;
  memo_pattern: string | null;
  deposit_min: string;
  confirmations: number;
  withdraw_fee: string;
  withdraw_min: string;
  can_deposit: number;
  can_withdraw: number;
  sort: number;
}

/** A user's deposit address for a coin on a network; for memo networks the exchange's address and the user's memo. */
export interface DepositAddressTable {
  id: Generated<number>;
  user_id: number;
  coin: string;
  protocol: string;
  address: string;
  /** '' when the network has no memo. */
  memo: string;
  created_at: number;
}

/** A deposit seen on a (simulated) chain: pending while it gathers confirmations, then credited once. */
export interface DepositTable {
  id: Generated<number>;
  user_id: number;
  coin: string;
  protocol: string;
  address: string;
  memo: string;
  amount: string;
  tx_hash: string;
  confirmations: number;
  required_confirmations: number;
  /** DEPOSIT_STATUS: 0 pending, 1 confirmed (credited), 2 failed. */
  status: number;
  created_at: number;
  /** When the next confirmation is due (clock ms). */
  next_confirm_at: number;
  confirmed_at: number | null;
}

/** A withdrawal: its amount is frozen in the funds wallet from creation until it is done, cancelled or failed. */
export interface WithdrawalTable {
  id: number;
  user_id: number;
  coin: string;
  protocol: string;
  address: string;
  /** The memo or tag; '' when none. */
  tag: string;
  /** What the user asked to withdraw, the network fee taken out of it, and what arrives (amount − fee). */
  amount: string;
  fee: string;
  arrived_amount: string;
  /** WITHDRAW_STATUS: 0 pending, 1 processing, 2 done, 3 cancelled, 4 failed. */
  status: number;
  tx_hash: string | null;
  /** The client's idempotency key: a second submit with it answers the first withdrawal. */
  request_key: string | null;
  /** Why a withdrawal was cancelled or failed (user, review, chain). */
  reason: string | null;
  created_at: number;
  updated_at: number;
  processing_at: number | null;
  finished_at: number | null;
}

/** An entry of the withdrawal address book: an on-chain address (transferType 0) or a member (1, internal). */
export interface WithdrawAddressTable {
  id: Generated<number>;
  user_id: number;
  /** transferType 1: '' means any coin. */
  coin: string;
  protocol: string;
  address: string;
  tag: string;
  transfer_type: number;
  area_code: string;
  uid: string;
  email: string;
  mobile: string;
  remark: string;
  /** What makes two entries the same (network and address, or the member); unique per user. */
  target_key: string;
  created_at: number;
  updated_at: number;
}

export type CoinNetwork = Selectable<CoinNetworkTable>;
export type DepositAddress = Selectable<DepositAddressTable>;
export type Deposit = Selectable<DepositTable>;
export type Withdrawal = Selectable<WithdrawalTable>;
export type WithdrawAddress = Selectable<WithdrawAddressTable>;

export type DepositDb = ReturnType<typeof depositDb>;

/** The database with the deposit tables in its type. */
export function depositDb(db: Db) {
  return db.withTables<DepositTables>();
}
