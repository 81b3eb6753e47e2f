import type SQLite from 'better-sqlite3';
import type { Generated, Insertable, Kysely, Selectable } from 'kysely';

/**
 * Table types for Kysely. Money columns are decimal TEXT (catalogue) or INTEGER units of the coin's
 * `decimals` (balances, ledger), never floats. Times are Unix milliseconds.
 */
export type Db = Kysely<Database>;
export type Sqlite = SQLite.Database;

export interface Database {
  coins: CoinTable;
  spot_markets: SpotMarketTable;
  swap_contracts: SwapContractTable;
  swap_risk_tiers: SwapRiskTierTable;
  swap_settings: SwapSettingsTable;
  swap_preferences: SwapPreferencesTable;
  swap_positions: SwapPositionTable;
  swap_orders: SwapOrderTable;
  swap_plans: SwapPlanTable;
  swap_trades: SwapTradeTable;
  swap_funding: SwapFundingTable;
  swap_funding_rates: SwapFundingRateTable;
  swap_state: SwapStateTable;
  swap_position_tallies: SwapPositionTallyTable;
  swap_fills: SwapFillTable;
  swap_favorites: SwapFavoriteTable;
  futures_symbols: FuturesSymbolTable;
  users: UserTable;
  sessions: SessionTable;
  balances: BalanceTable;
  wallet_balances: WalletBalanceTable;
  ledger_entries: LedgerEntryTable;
  spot_orders: SpotOrderTable;
  spot_trades: SpotTradeTable;
  system_balances: SystemBalanceTable;
  spot_favorites: SpotFavoriteTable;
  journal: JournalTable;
  journal_state: JournalStateTable;
}

export interface CoinTable {
  unit: string;
  name: string;
  decimals: number;
  usd_rate: string;
  can_deposit: number;
  can_withdraw: number;
  withdraw_fee: string;
  min_withdraw: string;
  sort: number;
}

export interface SpotMarketTable {
  symbol: string;
  base: string;
  quote: string;
  reference_price: string;
  price_scale: number;
  amount_scale: number;
  min_amount: string;
  min_turnover: string;
  maker_fee: string;
  taker_fee: string;
  enabled: number;
  sort: number;
}

export interface SwapContractTable {
  symbol: string;
  base: string;
  quote: string;
  reference_price: string;
  price_scale: number;
  contract_size: string;
  min_volume: number;
  max_leverage: number;
  def_leverage: number;
  can_open_lv1000: number;
  maker_fee: string;
  taker_fee: string;
  enabled: number;
  sort: number;
}

export interface FuturesSymbolTable {
  symbol: string;
  instrument_type: number;
  name: string;
  base_coin: string;
  quote_coin: string;
  reference_price: string;
  base_decimal: number;
  quote_decimal: number;
  index_scale: number;
  max_leverage: number;
  def_leverage: number;
  can_open_lv1000: number;
  maker_fee: string;
  taker_fee: string;
  min_volume: string;
  enabled: number;
  sort: number;
}

export interface UserTable {
  id: Generated<number>;
  /** Public user id shown in the UI (8 digits). */
  uid: string;
  username: string;
  email: string | null;
  mobile: string | null;
  /** Country two-letter code (spec shell §3, user info `country`). */
  country: string | null;
  area_code: string | null;
  password_hash: string;
  promotion_code: string;
  kyc_two_code: string | null;
  created_at: number;
  password_changed_at: number;
}

export interface SessionTable {
  id: Generated<number>;
  user_id: number;
  /** SHA-256 of the token; the token itself is never stored. */
  token_hash: string;
  created_at: number;
  expires_at: number;
  ip: string | null;
  user_agent: string | null;
}

export interface BalanceTable {
  user_id: number;
  coin: string;
  available: number;
  frozen: number;
}

/** Balances of the wallets other than spot (funds, contract, follow), written by the journal like `balances`. */
export interface WalletBalanceTable {
  user_id: number;
  wallet: string;
  coin: string;
  available: number;
  frozen: number;
}

/** Double-entry lines: each `txn_id` sums to zero per coin. user_id null is a system account named by `account`. */
export interface LedgerEntryTable {
  id: Generated<number>;
  txn_id: string;
  user_id: number | null;
  account: string;
  coin: string;
  amount: number;
  kind: string;
  created_at: number;
}

/** Spot orders in their market's integer units: price in ticks, quantities in lots, money in ledger units. */
export interface SpotOrderTable {
  id: number;
  user_id: number;
  symbol: string;
  side: number;
  type: number;
  price: number;
  quantity: number;
  budget: number;
  trigger_price: number;
  trigger_type: number;
  remaining: number;
  filled: number;
  turnover: number;
  fee: number;
  frozen: number;
  status: number;
  triggered: number;
  /** Time priority on the book; 0 while the order never rested. */
  book_seq: number;
  created_at: number;
  updated_at: number;
}

export interface SpotTradeTable {
  id: number;
  symbol: string;
  price: number;
  quantity: number;
  taker_side: number;
  buy_order_id: number;
  sell_order_id: number;
  buy_user_id: number;
  sell_user_id: number;
  quote_units: number;
  base_units: number;
  buy_fee: number;
  sell_fee: number;
  time: number;
}

/** Balances of the exchange's own ledger accounts (fees, faucets); negative for accounts that pay out. */
export interface SystemBalanceTable {
  account: string;
  coin: string;
  amount: number;
}

/** One committed batch of commands: their effects, msgpack-packed (server/exchange/journal.ts). */
export interface JournalTable {
  seq: number;
  at: number;
  commands: number;
  body: Buffer;
}

/** The last journal batch written into the query tables. */
export interface JournalStateTable {
  /** The last batch projected whole. */
  projected: number;
  /** Rows of the next batch projected already. */
  projected_rows: number;
}

export interface SpotFavoriteTable {
  user_id: number;
  symbol: string;
  created_at: number;
}

export type User = Selectable<UserTable>;
export type NewUser = Insertable<UserTable>;
export type SpotMarket = Selectable<SpotMarketTable>;
export type Coin = Selectable<CoinTable>;

// ─── Perpetual contracts (migration 0015) ────────────────────────────────────────────────────────────────────────────

export interface SwapRiskTierTable {
  symbol: string;
  /** 'normal' (spec riskValues) or 'lv1000' (riskValues1000). */
  tier_table: string;
  tier: number;
  floor: string;
  max_leverage: number;
  mmr: string;
}

export interface SwapSettingsTable {
  user_id: number;
  symbol: string;
  margin_model: number;
  position_class: number;
  leverage_long: number;
  leverage_short: number;
}

export interface SwapPreferencesTable {
  user_id: number;
  price_preference: Generated<number>;
  confirm_orders: Generated<number>;
  disclaimer_signed_at: number | null;
}

export interface SwapPositionTable {
  id: number;
  user_id: number;
  symbol: string;
  position_side: string;
  sign: number;
  contracts: number;
  max_contracts: number;
  /** Fine units, decimal text. */
  cost: string;
  margin_model: number;
  leverage: number;
  isolated_margin: number;
  realized: string;
  adl_quantile: number;
  opened_at: number;
  updated_at: number;
  closed_at: number | null;
}

export interface SwapOrderTable {
  id: number;
  user_id: number;
  symbol: string;
  side: number;
  type: number;
  position_side: string;
  reduce_only: number;
  close_all: number;
  margin_model: number;
  leverage: number;
  action: number;
  price: number;
  volume: number;
  remaining: number;
  filled: number;
  cost: string;
  fee: number;
  frozen: number;
  status: number;
  tpsl: string | null;
  book_seq: number;
  created_at: number;
  updated_at: number;
}

export interface SwapPlanTable {
  id: number;
  user_id: number;
  symbol: string;
  kind: string;
  side: number;
  position_side: string;
  trigger_type: number;
  watch: string;
  trigger_price: number;
  crossing: string;
  order_type: number;
  order_price: number;
  volume: number;
  tpsl_mode: number;
  trail_active: number | null;
  trail_rate: string | null;
  trail_extreme: number | null;
  pair_id: number;
  parent_order_id: number;
  action: number;
  status: number;
  order_id: number;
  reason: string;
  created_at: number;
  updated_at: number;
}

export interface SwapTradeTable {
  id: number;
  symbol: string;
  price: number;
  contracts: number;
  taker_side: number;
  maker_order_id: number;
  taker_order_id: number;
  maker_user_id: number;
  taker_user_id: number;
  time: number;
}

export interface SwapFundingTable {
  id: Generated<number>;
  user_id: number;
  symbol: string;
  position_id: number;
  amount: number;
  rate: string;
  mark: number;
  time: number;
  /** 0016: the slot ('long', 'short', 'both') and contracts funded; '' and 0 on rows written before. */
  position_side: Generated<string>;
  contracts: Generated<number>;
}

export interface SwapFundingRateTable {
  symbol: string;
  time: number;
  rate: string;
  mark: number;
}

export interface SwapStateTable {
  symbol: string;
  next_funding_time: number;
  last_rate: string;
  last_price: number;
}

/** 0016: a position's running tally for position history (fine units as text, fees in ledger units). */
export interface SwapPositionTallyTable {
  position_id: number;
  open_value: string;
  open_contracts: number;
  close_value: string;
  close_contracts: number;
  fees: number;
  close_action: number | null;
}

/** 0016: one user's side of a contract fill. */
export interface SwapFillTable {
  trade_id: number;
  user_id: number;
  order_id: number;
  symbol: string;
  side: number;
  maker: number;
  price: number;
  contracts: number;
  fee: number;
  /** Fine units, decimal text, before fees. */
  pnl: string;
  action: number;
  time: number;
}

export interface SwapFavoriteTable {
  user_id: number;
  symbol: string;
  created_at: number;
}
