/**
 * Decoding and shape checks of server frames. Whatever arrives, these return a frame or null and never throw: a bad
 * frame costs one frame, never the socket or the worker. Checks cover what the consumers index into without looking
 * (types, group sizes, finiteness), not the market logic (sequence gaps and checksums are the book's business).
 */
import {
  isCandleInterval,
  type ServerFrame,
  USER_SPOT_KINDS,
  USER_SWAP_KINDS,
  type UserKind,
} from '../../common/protocol.ts';
import { decodeMsgpack } from './msgpack.ts';

/** Values per trade on the wire: `[price, side, volume, time]`. */
const TRADE_GROUP = 4;
/** Values per candle on the wire: `[openTime, open, high, low, close, volume]`. */
const CANDLE_GROUP = 6;
/** A ticker has the spec's 8 values; a stock ticker adds openPrice, 52-week high and low (spec trading §3). */
const TICKER_MIN_VALUES = 8;
const TICKER_MAX_VALUES = 11;
const UINT32_MAX = 0xffff_ffff;

type Fields = Record<string, unknown>;

function isFields(value: unknown): value is Fields {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && !ArrayBuffer.isView(value);
}

function isNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isFinite(value);
}

function isSeq(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function isStringArray(value: unknown): value is string[] {
  if (!Array.isArray(value)) return false;
  for (const item of value) if (typeof item !== 'string') return false;
  return true;
}

/** Flat `[price, volume, …]`: finite numbers, even length, no negative volume. */
function isLevels(value: unknown): value is number[] {
  if (!Array.isArray(value) || value.length % 2 !== 0) return false;
  for (let i = 0; i < value.length; i += 2) {
    const price = value[i];
    const volume = value[i + 1];
    if (!isNumber(price) || !isNumber(volume) || volume < 0) return false;
  }
  return true;
}

/** Flat `[price, side, volume, time, …]`: side 1 or 2 (spec trading §4), volume not negative. */
function isTrades(value: unknown): value is number[] {
  if (!Array.isArray(value) || value.length % TRADE_GROUP !== 0) return false;
  for (let i = 0; i < value.length; i += TRADE_GROUP) {
    const side = value[i + 1];
    const volume = value[i + 2];
    if (!isNumber(value[i]) || (side !== 1 && side !== 2) || !isNumber(volume) || volume < 0) return false;
    if (!isNumber(value[i + 3])) return false;
  }
  return true;
}

function isCandles(value: unknown): value is number[] {
  if (!Array.isArray(value) || value.length % CANDLE_GROUP !== 0) return false;
  for (const item of value) if (!isNumber(item)) return false;
  return true;
}

function isTickers(value: unknown): boolean {
  if (!isFields(value)) return false;
  for (const symbol of Object.keys(value)) {
    const values = value[symbol];
    if (!Array.isArray(values) || values.length < TICKER_MIN_VALUES || values.length > TICKER_MAX_VALUES) return false;
    for (const item of values) if (!isNumber(item)) return false;
  }
  return true;
}

/** `prefix:rest` with a non-empty rest. */
function isMarketChannel(ch: string, prefix: string): boolean {
  return ch.length > prefix.length && ch.startsWith(prefix);
}

function isCandleChannel(ch: string): boolean {
  if (!isMarketChannel(ch, 'candles:')) return false;
  const last = ch.lastIndexOf(':');
  return last > 'candles:'.length && isCandleInterval(ch.slice(last + 1));
}

/** Every kind of the `user` channel, those the client does not hold too: a dropped one would read as a seq gap. */
const USER_KINDS: ReadonlySet<string> = new Set<UserKind>([...USER_SPOT_KINDS, ...USER_SWAP_KINDS]);

/** Flat `[rate, time, …]` of a funding frame. */
function isSettlements(value: unknown): boolean {
  if (!Array.isArray(value) || value.length % 2 !== 0) return false;
  for (const item of value) if (!isNumber(item)) return false;
  return true;
}

/** The perpetual-only channels: mark, funding, liquidations; null when `ch` is none of them. */
function perpetualShape(ch: string, f: Fields): boolean | null {
  if (isMarketChannel(ch, 'mark:')) {
    return isNumber(f.index) && isNumber(f.mark) && isNumber(f.fundingRate) && isNumber(f.nextFundingTime);
  }
  if (isMarketChannel(ch, 'funding:')) return isSettlements(f.settlements);
  if (isMarketChannel(ch, 'liquidations:')) return isTrades(f.liquidations);
  return null;
}

/**
 * The frame if `value` has the shape of one of {@link ServerFrame}, else null. Never throws. Extra fields are kept;
 * an error frame's `code` may be one this client does not know yet (it is still an error).
 */
export function validateFrame(value: unknown): ServerFrame | null {
  if (!isFields(value)) return null;
  const f = value;
  if (!isNumber(f.t)) return null;
  const kind = f.kind;
  const ch = f.ch;
  switch (kind) {
    case 'heartbeat':
      return value as unknown as ServerFrame;
    case 'pong':
      return isNumber(f.server) ? (value as unknown as ServerFrame) : null;
    case 'subscribed':
    case 'unsubscribed':
    case 'authenticated':
      return isStringArray(ch) ? (value as unknown as ServerFrame) : null;
    case 'error':
      if (typeof f.code !== 'string' || typeof f.message !== 'string') return null;
      return ch === undefined || typeof ch === 'string' ? (value as unknown as ServerFrame) : null;
    case 'diff':
      if (typeof ch !== 'string' || !isMarketChannel(ch, 'depth:') || !isSeq(f.prevSeq)) return null;
      return isDepth(f) ? (value as unknown as ServerFrame) : null;
    case 'snapshot':
    case 'update':
      if (typeof ch !== 'string') return null;
      if (ch === 'ticker') return isTickers(f.tickers) ? (value as unknown as ServerFrame) : null;
      if (isMarketChannel(ch, 'trades:')) return isTrades(f.trades) ? (value as unknown as ServerFrame) : null;
      if (isCandleChannel(ch)) return isCandles(f.candles) ? (value as unknown as ServerFrame) : null;
      if (kind === 'snapshot' && isMarketChannel(ch, 'depth:')) {
        return isDepth(f) ? (value as unknown as ServerFrame) : null;
      }
      return perpetualShape(ch, f) ? (value as unknown as ServerFrame) : null;
    default:
      if (typeof kind !== 'string' || !USER_KINDS.has(kind)) return null;
      // The user state checks its own seq (a gap) and the data's fields (workers/user).
      return ch === 'user' && isSeq(f.seq) && f.seq > 0 && isFields(f.data) ? (value as unknown as ServerFrame) : null;
  }
}

function isDepth(f: Fields): boolean {
  const checksum = f.checksum;
  return (
    isSeq(f.seq) &&
    typeof checksum === 'number' &&
    Number.isInteger(checksum) &&
    checksum >= 0 &&
    checksum <= UINT32_MAX &&
    isLevels(f.bids) &&
    isLevels(f.asks)
  );
}

/**
 * Decodes one socket message: binary msgpack (an ArrayBuffer or a byte view) to a checked frame; null for a text
 * message, bytes that do not decode, or a value that is not a frame. Never throws. Server frames are plain msgpack
 * maps (server/gateway/frames.ts), read by our own decoder (./msgpack.ts).
 */
export function decodeFrame(data: unknown): ServerFrame | null {
  let bytes: Uint8Array;
  if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
  else if (data instanceof Uint8Array) bytes = data;
  else return null;
  if (bytes.byteLength === 0) return null;
  let value: unknown;
  try {
    value = decodeMsgpack(bytes);
  } catch {
    return null;
  }
  return validateFrame(value);
}
