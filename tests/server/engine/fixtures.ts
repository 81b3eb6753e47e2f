import type { Engine, MarketSpec } from '../../../server/engine/engine.ts';
import type { Order } from '../../../server/engine/order.ts';
import type { Accounts } from '../../../server/ledger/accounts.ts';

/**
 * Whole numbers everywhere (ticks = quote units per base, lots = base units), no fees: easy to read in unit tests.
 * shift 0.
 */
export const SIMPLE: MarketSpec = {
  symbol: 'ABC_USD',
  base: 'ABC',
  quote: 'USD',
  priceScale: 0,
  amountScale: 0,
  baseDecimals: 0,
  quoteDecimals: 0,
  minLots: 1,
  minQuote: 1,
  makerRate: 0,
  takerRate: 0,
};

/**
 * Fees 0.1 % maker, 0.2 % taker; a lot is 100 base units and a value unit 100 quote units (shift −2), so fees are whole.
 */
export const FEES: MarketSpec = {
  symbol: 'FEE_EUR',
  base: 'FEE',
  quote: 'EUR',
  priceScale: 0,
  amountScale: 0,
  baseDecimals: 2,
  quoteDecimals: 2,
  minLots: 1,
  minQuote: 1,
  makerRate: 100_000,
  takerRate: 200_000,
};

/** Like BTC/USDT: price 2 decimals, amount 5, USDT 6 decimals → shift 1, a value unit is a tenth of a ledger unit. */
export const BTC_USDT: MarketSpec = {
  symbol: 'BTC_USDT',
  base: 'BTC',
  quote: 'USDT',
  priceScale: 2,
  amountScale: 5,
  baseDecimals: 8,
  quoteDecimals: 6,
  minLots: 1,
  minQuote: 1,
  makerRate: 100_000,
  takerRate: 200_000,
};

/** Price 2 decimals, amount 3, base 4 decimals (10 units a lot), USDT 6 → shift −1. */
export const ETH_USDT: MarketSpec = {
  symbol: 'ETH_USDT',
  base: 'ETH',
  quote: 'USDT',
  priceScale: 2,
  amountScale: 3,
  baseDecimals: 4,
  quoteDecimals: 6,
  minLots: 2,
  minQuote: 100,
  makerRate: 100_000,
  takerRate: 250_000,
};

/** Credits a user from the deposits system account. */
export function deposit(accounts: Accounts, userId: number, coin: string, amount: number): void {
  accounts.credit(userId, coin, amount, 'deposits', `deposit:${userId}:${coin}:${amount}`, 'deposit', 0);
}

export interface LevelView {
  price: number;
  volume: number;
  ids: number[];
}

/**
 * A side of the engine's book, best first, read by walking each level's queue. Throws when a level's links or
 * volume disagree with its orders.
 */
export function bookLevels(engine: Engine, symbol: string, side: 'bids' | 'asks'): LevelView[] {
  const book = engine.book(symbol);
  if (!book) throw new Error(`no book ${symbol}`);
  const out: LevelView[] = [];
  for (const level of book[side].levelsBestFirst()) {
    const ids: number[] = [];
    let sum = 0;
    let prev: Order | null = null;
    for (let o = level.head; o; o = o.next) {
      if (o.prev !== prev) throw new Error(`order ${o.id}: broken prev link`);
      if (o.price !== level.price) throw new Error(`order ${o.id} at ${o.price} sits on level ${level.price}`);
      if (o.remaining <= 0) throw new Error(`order ${o.id} rests with nothing remaining`);
      ids.push(o.id);
      sum += o.remaining;
      prev = o;
    }
    if (level.tail !== prev) throw new Error(`level ${level.price}: tail is not the last order`);
    if (ids.length === 0) throw new Error(`level ${level.price} is empty`);
    if (sum !== level.volume) throw new Error(`level ${level.price}: volume ${level.volume}, orders hold ${sum}`);
    out.push({ price: level.price, volume: level.volume, ids });
  }
  return out;
}
