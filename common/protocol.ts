/**
 * The market-data wire protocol (DESIGN §4): msgpack frames over `ws://HOST:PORT/ws`, channels multiplexed.
 * Prices and volumes travel as numbers on the market's price and amount grid (priceScale / amountScale).
 */

/** Candle intervals of spec trading §9, in the order the UI offers them. */
export const CANDLE_INTERVALS = [
  'M1',
  'M5',
  'M15',
  'M30',
  'H1',
  'H2',
  'H4',
  'H6',
  'H12',
  'D1',
  'W1',
  '1month',
] as const;
export type CandleInterval = (typeof CANDLE_INTERVALS)[number];

export function isCandleInterval(value: string): value is CandleInterval {
  return (CANDLE_INTERVALS as readonly string[]).includes(value);
}

/** Path of the market-data socket on the server's port. */
export const WS_PATH = '/ws';

/** The market-data socket's URL on a page's origin (`http://h` → `ws://h/ws`, `https` → `wss`). */
export function socketUrl(origin: string): string {
  return `${origin.replace(/^http/, 'ws')}${WS_PATH}`;
}

/** Limits the gateway enforces per connection; a breach is answered with an error frame. */
export const WS_LIMITS = {
  /** Channels one connection may hold at once. */
  maxSubscriptions: 200,
  /** Largest client frame, in bytes. */
  maxMessageBytes: 16 * 1024,
  /** Client frames per second (sliding one-second window). */
  maxMessagesPerSecond: 50,
  /** A connection that breaks the rate this many times in a row is closed. */
  maxViolations: 20,
  /**
   * Snapshot bytes one connection may cause: a burst (a page opening many books at once), refilled at a steady rate.
   * Past it, a subscription or resync is refused with `snapshot_limited`: try again a moment later.
   */
  snapshotBurstBytes: 4 * 1024 * 1024,
  snapshotBytesPerSecond: 1024 * 1024,
} as const;

/** Close code of a socket whose session ended (logout, password change, revoke, expiry): the code of a dead session. */
export const SESSION_ENDED_CLOSE = 4000;

/** The server sends a heartbeat after this much silence on a connection. */
export const HEARTBEAT_MS = 1000;
/** No frame for this long marks the feed stale (DESIGN §4). */
export const STALE_AFTER_MS = 3000;
/** Price levels per side covered by the depth checksum. */
export const CHECKSUM_LEVELS = 25;
/** Recent trades kept and sent in a trades snapshot (spec trading §4: trade list cap 100). */
export const TRADES_CAP = 100;

// ─── Channels ────────────────────────────────────────────────────────────────────────────────────────────────────────

export type Channel =
  | 'ticker'
  | 'user'
  | `depth:${string}`
  | `trades:${string}`
  | `candles:${string}:${CandleInterval}`
  | `mark:${string}`
  | `funding:${string}`
  | `liquidations:${string}`;

/**
 * Channel names by market. A perpetual's market is `BTC/USDT:USDT` (common/market.ts swapMarket): `depth`, `trades` and
 * `candles` serve it like a spot market; `mark`, `funding` and `liquidations` exist for perpetuals only.
 */
export const channel = {
  depth: (symbol: string) => `depth:${symbol}` as const,
  trades: (symbol: string) => `trades:${symbol}` as const,
  candles: (symbol: string, interval: CandleInterval) => `candles:${symbol}:${interval}` as const,
  mark: (market: string) => `mark:${market}` as const,
  funding: (market: string) => `funding:${market}` as const,
  liquidations: (market: string) => `liquidations:${market}` as const,
};

/** Channels of one market named after their kind: `{kind}:{market}`. */
const MARKET_KINDS = ['depth', 'trades', 'mark', 'funding', 'liquidations'] as const;
type MarketKind = (typeof MARKET_KINDS)[number];

export type ParsedChannel =
  | { kind: 'ticker' }
  | { kind: 'user' }
  | { kind: MarketKind; symbol: string }
  | { kind: 'candles'; symbol: string; interval: CandleInterval };

/** Splits a channel name; null when it is not one of ours (the market itself is checked by the gateway). */
export function parseChannel(ch: string): ParsedChannel | null {
  if (ch === 'ticker') return { kind: 'ticker' };
  if (ch === 'user') return { kind: 'user' };
  const first = ch.indexOf(':');
  if (first <= 0) return null;
  const kind = ch.slice(0, first);
  const rest = ch.slice(first + 1);
  if (!rest) return null;
  if ((MARKET_KINDS as readonly string[]).includes(kind)) return { kind: kind as MarketKind, symbol: rest };
  if (kind === 'candles') {
    const last = rest.lastIndexOf(':');
    const symbol = rest.slice(0, last);
    const interval = rest.slice(last + 1);
    if (last <= 0 || !isCandleInterval(interval)) return null;
    return { kind, symbol, interval };
  }
  return null;
}

// ─── Client → server ─────────────────────────────────────────────────────────────────────────────────────────────────

export type ClientFrame =
  | { op: 'sub'; ch: string[] }
  | { op: 'unsub'; ch: string[] }
  | { op: 'auth'; token: string }
  | { op: 'ping'; t: number };

// ─── Server → client ─────────────────────────────────────────────────────────────────────────────────────────────────

/**
 * Depth: a snapshot on subscribe, then diffs. `bids`/`asks` are flat `[price, volume, price, volume, …]`, best first in a
 * snapshot; in a diff a volume of 0 deletes the level. `seq` grows by one per diff of that market; `checksum` is
 * {@link depthChecksum} of the book after the frame is applied.
 */
export interface DepthSnapshotFrame {
  ch: `depth:${string}`;
  kind: 'snapshot';
  seq: number;
  t: number;
  bids: number[];
  asks: number[];
  checksum: number;
}

export interface DepthDiffFrame {
  ch: `depth:${string}`;
  kind: 'diff';
  seq: number;
  prevSeq: number;
  t: number;
  bids: number[];
  asks: number[];
  checksum: number;
}

/** Trade side of the taker (spec trading §4: 1 buy, 2 sell). */
export type TradeSide = 1 | 2;

/**
 * Trades, oldest first, flat groups of four: `[price, side, volume, time, …]` (spec trading §3 trade entry).
 * The snapshot holds the last {@link TRADES_CAP} trades.
 */
export interface TradesFrame {
  ch: `trades:${string}`;
  kind: 'snapshot' | 'update';
  t: number;
  trades: number[];
}

/** One market's ticker in the spec's order: price, last volume, open, high, low, volume, amount, time. */
export type TickerValues = [
  price: number,
  lastVolume: number,
  open: number,
  high: number,
  low: number,
  volume: number,
  amount: number,
  time: number,
];

/** Tickers of every market (snapshot) or of those that changed since the last frame (update). */
export interface TickerFrame {
  ch: 'ticker';
  kind: 'snapshot' | 'update';
  t: number;
  tickers: Record<string, TickerValues>;
}

/** Candles oldest first, flat groups of six: `[openTime, open, high, low, close, volume, …]`. */
export interface CandlesFrame {
  ch: `candles:${string}:${CandleInterval}`;
  kind: 'snapshot' | 'update';
  t: number;
  candles: number[];
}

/**
 * A perpetual's prices (`mark:{market}`): a snapshot on subscribe, an update on each price tick that changed them.
 * `fundingRate` is the predicted rate of the next settlement (0.0001 = 0.01 %), `nextFundingTime` its instant (ms).
 * Before the price service's first tick (a second after start) the snapshot's numbers are all 0.
 */
export interface MarkFrame {
  ch: `mark:${string}`;
  kind: 'snapshot' | 'update';
  t: number;
  index: number;
  mark: number;
  fundingRate: number;
  nextFundingTime: number;
}

/** Funding settlements (`funding:{market}`), oldest first, flat pairs `[rate, time, …]`; the snapshot holds the recent. */
export interface FundingFrame {
  ch: `funding:${string}`;
  kind: 'snapshot' | 'update';
  t: number;
  settlements: number[];
}

/**
 * Public liquidations (`liquidations:{market}`), oldest first, flat groups of four like trades: `[price, side, volume,
 * time, …]`: the bankruptcy price, the side of the liquidation order (2 sell: a long was liquidated), contracts.
 */
export interface LiquidationsFrame {
  ch: `liquidations:${string}`;
  kind: 'snapshot' | 'update';
  t: number;
  liquidations: number[];
}

/** The user's spot events: `order` and `fill` (common/trading.ts views), `balance` of a spot wallet. */
export const USER_SPOT_KINDS = ['order', 'fill', 'balance'] as const;
/**
 * The user's contract events, in the REST views of common/contracts/swap.ts: `position` (a position-list row; ADL
 * quantile changes come as one), `positionClosed` (a slot went flat), `swapOrder`, `swapPlan`, `swapWallet`; and the
 * notices of common/contracts/swap-market.ts: `funding` (paid or received) and `liquidation`.
 */
export const USER_SWAP_KINDS = [
  'position',
  'positionClosed',
  'swapOrder',
  'swapPlan',
  'swapWallet',
  'funding',
  'liquidation',
] as const;
export type UserKind = (typeof USER_SPOT_KINDS)[number] | (typeof USER_SWAP_KINDS)[number];

/**
 * The private channel (after `auth`): the signed-in user's events as they are committed, each the whole latest state of
 * its object. `seq` numbers the user frames of one connection from 1, starting again when `user` is subscribed afresh: a
 * number skipped means something was lost, and the client reloads its state over REST. A client counts the seq of
 * kinds it does not hold too.
 */
export interface UserFrame {
  ch: 'user';
  kind: UserKind;
  seq: number;
  t: number;
  data: Record<string, unknown>;
}

export interface HeartbeatFrame {
  kind: 'heartbeat';
  t: number;
}

/** Answer to `ping`: `t` is the client's own value, `server` the server time. */
export interface PongFrame {
  kind: 'pong';
  t: number;
  server: number;
}

/** Subscriptions confirmed (sub) or dropped (unsub); the snapshots follow. */
export interface AckFrame {
  kind: 'subscribed' | 'unsubscribed' | 'authenticated';
  ch: string[];
  t: number;
}

export const WsErrorCode = {
  badFrame: 'bad_frame',
  unknownChannel: 'unknown_channel',
  tooManySubscriptions: 'too_many_subscriptions',
  messageTooLarge: 'message_too_large',
  rateLimited: 'rate_limited',
  authRequired: 'auth_required',
  authFailed: 'auth_failed',
  snapshotLimited: 'snapshot_limited',
} as const;
export type WsErrorCode = (typeof WsErrorCode)[keyof typeof WsErrorCode];

/** A refused client frame; nothing changed. `message` is in the connection's language (`?lang=`). */
export interface ErrorFrame {
  kind: 'error';
  code: WsErrorCode;
  message: string;
  ch?: string;
  t: number;
}

export type ServerFrame =
  | DepthSnapshotFrame
  | DepthDiffFrame
  | TradesFrame
  | TickerFrame
  | CandlesFrame
  | MarkFrame
  | FundingFrame
  | LiquidationsFrame
  | UserFrame
  | HeartbeatFrame
  | PongFrame
  | AckFrame
  | ErrorFrame;
