import { OrderType, Side } from '../../common/trading.ts';
import type { OrderBook } from '../engine/book.ts';
import type { PlaceCommand } from '../exchange/index.ts';
import { minLotsAt, quoteUnits, type SizedMarket } from './sizes.ts';

/** How deep a taker order may reach. */
const MAX_LEVELS = 12;

export type TakerKind = 'market' | 'fillOrKill';

export interface TakerIntent {
  side: Side;
  kind: TakerKind;
  /** Lots wanted; the order takes fewer when the book is thinner than that within reach. */
  lots: number;
  /** > 0: take exactly this many whole levels (a sweep) instead of `lots`. */
  sweep: number;
}

/**
 * An aggressive order that trades at once against what rests now: a fill-or-kill limit at the price of the deepest
 * level it needs (it never rests, so the taker never holds open orders), or a market order of the same size (a
 * market buy spends the value of those levels). Null when the opposite side is empty or too thin for the minimums.
 */
export function takerCommand(
  m: SizedMarket,
  book: OrderBook,
  userId: number,
  intent: TakerIntent,
): PlaceCommand | null {
  const buy = intent.side === Side.buy;
  const opposite = buy ? book.asks : book.bids;
  let lots = 0;
  let price = 0;
  let n = 0;
  for (const level of opposite.levelsBestFirst()) {
    lots += level.volume;
    price = level.price;
    n++;
    if (intent.sweep > 0 ? n >= intent.sweep : lots >= intent.lots) break;
    if (n >= MAX_LEVELS) break;
  }
  if (n === 0) return null;
  if (intent.sweep === 0) lots = Math.min(lots, intent.lots);
  if (lots < minLotsAt(m, price)) return null;
  const symbol = m.info.symbol;
  if (intent.kind === 'fillOrKill') {
    return { userId, symbol, side: intent.side, type: OrderType.fillOrKill, price, quantity: lots };
  }
  if (buy) {
    return {
      userId,
      symbol,
      side: Side.buy,
      type: OrderType.market,
      price: 0,
      quantity: 0,
      budget: quoteUnits(m, price, lots),
    };
  }
  return { userId, symbol, side: Side.sell, type: OrderType.market, price: 0, quantity: lots };
}
