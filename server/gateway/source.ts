import type { CandleInterval, MarkFrame, TickerValues, TradeSide, UserKind } from '../../common/protocol.ts';

/** A market as the gateway needs it: its name and the grid that turns integer ticks and lots into wire numbers. */
export interface MarketMeta {
  /** BASE/QUOTE, e.g. BTC/USDT. */
  symbol: string;
  /** Decimals of prices: price = ticks / 10^priceScale. */
  priceScale: number;
  /** Decimals of volumes: volume = lots / 10^amountScale. */
  amountScale: number;
}

/** One trade in integer units. */
export interface TradeTick {
  price: number;
  volume: number;
  side: TradeSide;
  time: number;
}

/** A validated session: who it is, the key it is filed under (never the token itself) and when it dies. */
export interface SocketSession {
  userId: number;
  session: string;
  expiresAt: number;
}

/** Where the gateway files connections under the sessions they authenticated with, so that ending one closes them. */
export interface SessionRegistry {
  /** False when the session was ended while its lookup ran: the connection must not take it. */
  bind(session: string, connection: { endSession(): void }): boolean;
  unbind(session: string, connection: { endSession(): void }): void;
}

/** What happens in the exchange, pushed to the gateway as it happens (synchronously, in order). */
export interface MarketListener {
  /** A book level's new total volume in lots (0: the level is gone). side 1 bid, 2 ask. */
  level(symbol: string, side: 1 | 2, priceTicks: number, volumeLots: number): void;
  trade(symbol: string, trade: TradeTick): void;
  ticker(symbol: string, values: TickerValues): void;
  /** The candle that changed, `[openTime, open, high, low, close, volume]` in wire numbers. */
  candle(symbol: string, interval: CandleInterval, candle: readonly number[]): void;
  /** A private event for one user (common/protocol.ts UserKind). */
  user(userId: number, kind: UserKind, data: Record<string, unknown>): void;
  /** A perpetual's prices changed. */
  mark(market: string, values: MarkValues): void;
  /** A perpetual's funding settled: the rate (0.0001 = 0.01 %) and the settlement instant. */
  funding(market: string, rate: number, time: number): void;
  /** A position of a perpetual was liquidated, in wire numbers; side is the liquidation order's. */
  liquidation(market: string, trade: LiquidationTick): void;
}

/** A perpetual's prices in wire numbers (the fields of common/protocol.ts MarkFrame). */
export type MarkValues = Pick<MarkFrame, 'index' | 'mark' | 'fundingRate' | 'nextFundingTime'>;

/** A liquidation in wire numbers: bankruptcy price, side of the liquidation order, contracts, time. */
export interface LiquidationTick {
  price: number;
  side: TradeSide;
  volume: number;
  time: number;
}

/** What the contract-only channels of one perpetual read when a client subscribes. */
export interface PerpetualReader {
  /** Prices now, or null before the first price tick. */
  mark(): MarkValues | null;
  /** Recent settlements, oldest first, flat `[rate, time, …]`. */
  settlements(): readonly number[];
  /** Recent liquidations, oldest first. */
  liquidations(): readonly LiquidationTick[];
}

/** The exchange as the market-data gateway sees it. */
export interface MarketSource {
  markets(): ReadonlyMap<string, MarketMeta>;
  /**
   * The book now, best first: flat `[priceTicks, volumeLots, …]` per side, the whole book or its best `maxLevels`.
   * Already updated when a listener event about it fires.
   */
  depth(symbol: string, maxLevels?: number): { bids: number[]; asks: number[] };
  /** The last trades, oldest first. */
  recentTrades(symbol: string): readonly TradeTick[];
  /** Every market's ticker now. */
  tickers(): Record<string, TickerValues>;
  /** The current candle of a market and interval in wire numbers, or null before its first trade. */
  currentCandle(symbol: string, interval: CandleInterval): readonly number[] | null;
  /** The perpetual behind a market name (`BTC/USDT:USDT`), or null: a source without contracts leaves it out. */
  perpetual?(market: string): PerpetualReader | null;
  /** The live session behind a token, or null when it is unknown or dead. */
  authenticate(token: string): Promise<SocketSession | null>;
  /** Starts pushing events; returns the function that stops it. */
  listen(listener: MarketListener): () => void;
}
