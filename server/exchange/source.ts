import { fromUnits } from '../../common/decimal.ts';
import type { SessionsRepository } from '../auth/sessions-repository.ts';
import { hashToken } from '../auth/tokens.ts';
import type { EngineEvent, Trade } from '../engine/engine.ts';
import type { Order } from '../engine/order.ts';
import type { MarketListener, MarketMeta, MarketSource } from '../gateway/source.ts';
import type { MarketData } from '../marketdata/index.ts';
import type { Exchange, SpotMarketInfo } from './index.ts';
import { fillView, orderView } from './views.ts';

export interface SourceOptions {
  sessions: SessionsRepository;
  clock: () => number;
  /** Users nobody watches (the simulator's bots): no private events are built for them. */
  isMarketMaker: (userId: number) => boolean;
}

/**
 * The exchange as the market-data gateway sees it: the live books and market statistics, public events as they happen,
 * and each user's orders, fills and balances once they are committed.
 */
export function marketSource(exchange: Exchange, data: MarketData, options: SourceOptions): MarketSource {
  const metas = new Map<string, MarketMeta>();
  for (const m of exchange.markets.values()) {
    metas.set(m.symbol, { symbol: m.symbol, priceScale: m.priceScale, amountScale: m.amountScale });
  }
  return {
    markets: () => metas,
    depth(symbol, maxLevels) {
      const book = exchange.engine.book(symbol);
      if (!book) return { bids: [], asks: [] };
      return { bids: book.bids.flat([], maxLevels), asks: book.asks.flat([], maxLevels) };
    },
    recentTrades: (symbol) => data.recentTrades(symbol),
    tickers: () => data.tickers(),
    currentCandle: (symbol, interval) => data.currentCandle(symbol, interval),
    async authenticate(token) {
      const tokenHash = hashToken(token);
      const found = await options.sessions.findLive(tokenHash, options.clock());
      return found ? { userId: found.userId, session: tokenHash, expiresAt: found.expiresAt } : null;
    },
    listen(listener) {
      const stops = [
        exchange.listen({
          market(event) {
            if (event.type === 'level') listener.level(event.symbol, event.side, event.price, event.volume);
            else if (event.type === 'trade') {
              const t = event.trade;
              listener.trade(t.symbol, { price: t.price, volume: t.quantity, side: t.takerSide, time: t.time });
            }
          },
          committed: (events) => publishPrivate(exchange, events, listener, options.isMarketMaker),
        }),
        data.onTicker((symbol, values) => listener.ticker(symbol, values)),
        data.onCandle((symbol, interval, candle) => listener.candle(symbol, interval, candle)),
      ];
      return () => {
        for (const stop of stops) stop();
      };
    },
  };
}

/** One batch's private events: each order's latest state, every fill, then the balances they touched. */
function publishPrivate(
  exchange: Exchange,
  events: readonly EngineEvent[],
  listener: MarketListener,
  isMarketMaker: (userId: number) => boolean,
): void {
  const orders = new Map<number, Order>();
  const balances = new Map<number, Set<string>>();
  const touch = (userId: number, coin: string) => {
    let coins = balances.get(userId);
    if (!coins) {
      coins = new Set();
      balances.set(userId, coins);
    }
    coins.add(coin);
  };
  for (const event of events) {
    if (event.type === 'order') {
      if (isMarketMaker(event.order.userId)) continue;
      orders.set(event.order.id, event.order);
    } else if (event.type === 'trade') {
      const t = event.trade;
      const m = exchange.markets.get(t.symbol) as SpotMarketInfo;
      for (const order of [t.buyOrder, t.sellOrder]) {
        if (isMarketMaker(order.userId)) continue;
        listener.user(order.userId, 'fill', { ...fillView(fillParts(t), order.side, m) });
      }
    }
  }
  for (const order of orders.values()) {
    const m = exchange.markets.get(order.symbol) as SpotMarketInfo;
    listener.user(order.userId, 'order', { ...orderView(order, m) });
    touch(order.userId, m.base);
    touch(order.userId, m.quote);
  }
  for (const [userId, coins] of balances) {
    for (const coin of coins) {
      const b = exchange.accounts.balance(userId, coin);
      const decimals = exchange.coinDecimals(coin);
      listener.user(userId, 'balance', {
        coin,
        available: fromUnits(BigInt(b.available), decimals),
        frozen: fromUnits(BigInt(b.frozen), decimals),
      });
    }
  }
}

function fillParts(t: Trade) {
  return { ...t, buyOrderId: t.buyOrder.id, sellOrderId: t.sellOrder.id };
}
