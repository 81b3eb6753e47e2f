import type { Db } from '../db/schema.ts';

/**
 * Tables of migration 0013 (issue 9, money moves): wallet transfers, internal transfers with their per-coin settings,
 * and quick exchanges. Amounts are integer units of the coin's `coins.decimals`, like the ledger's. Each record's id is
 * the one in its ledger txn (`transfer:{id}`, `internal:{id}`, `convert:{id}`), and the record is written in the same
 * SQLite transaction as the journal batch that moved the money.
 */
export type MovesTables = {
  wallet_transfers: WalletTransferTable;
  internal_transfers: InternalTransferTable;
  internal_transfer_coins: InternalTransferCoinTable;
  quick_exchanges: QuickExchangeTable;
};

/** One move between two wallets of a user (spec shell §7 "transfers"). */
export interface WalletTransferTable {
  id: number;
  user_id: number;
  coin: string;
  amount: number;
  /** One of WALLETS: funds, spot, contract, follow. */
  from_wallet: string;
  to_wallet: string;
  /** The client's idempotency key: a repeat answers the first record. */
  request_id: string | null;
  created_at: number;
}

/** One move from a member's funds wallet to another member's (spec shell §7 "internal transfer"). */
export interface InternalTransferTable {
  id: number;
  sender_id: number;
  recipient_id: number;
  coin: string;
  /** What left the sender's funds wallet; the recipient got `amount - fee`. */
  amount: number;
  fee: number;
  /** How the sender named the recipient: uid, email or mobile. */
  recipient_type: string;
  request_id: string | null;
  created_at: number;
}

/** A coin's internal-transfer setting; a coin without a row is free with no minimum. Decimal strings. */
export interface InternalTransferCoinTable {
  coin: string;
  fee: string;
  min_amount: string;
  /** 0 stops internal transfers of this coin. */
  enabled: number;
}

/** One conversion in the spot wallet at a quoted rate (spec shell §7 "quick exchange"). */
export interface QuickExchangeTable {
  id: number;
  user_id: number;
  from_coin: string;
  to_coin: string;
  /** Spent, in from_coin units. */
  amount: number;
  /** Received, in to_coin units. */
  receive: number;
  /** to_coin per from_coin after the spread, exact decimal string. */
  rate: string;
  quote_id: string;
  created_at: number;
}

export type MovesDb = ReturnType<typeof movesDb>;

/** The database with the moves tables in its type. */
export function movesDb(db: Db) {
  return db.withTables<MovesTables>();
}
