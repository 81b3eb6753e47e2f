import { swapMarket } from '../../common/market.ts';
import { sqliteOf } from '../db/database.ts';
import type { Db } from '../db/schema.ts';
import type { TradeTick } from '../gateway/source.ts';
import { MarketData } from '../marketdata/index.ts';
import { seedMarket } from '../marketdata/seed.ts';
import { seedMarketOf } from '../sim/history.ts';
import type { SwapExchange } from './swap.ts';

/**
 * Tickers and candles of the perpetuals: a second MarketData fed by the contract trades, its markets named
 * `BTC/USDT:USDT` (common/market.ts) so their candles sit beside the spot ones in the same table. Volumes are in
 * contracts (the unit of every contract order and position), the amount in the settle coin.
 */
export function openSwapMarketData(
  db: Db,
  swap: SwapExchange,
  options: {
    clock: () => number;
    onError: (error: unknown) => void;
    /** With the simulator: a contract without candles gets a past ending at this price (its coin's USD value). */
    seedFrom?: (base: string) => number | undefined;
  },
): MarketData {
  const sqlite = sqliteOf(db);
  const markets = [...swap.catalogue.values()].map((row) => ({
    symbol: swapMarket(row.symbol),
    priceScale: row.priceScale,
    amountScale: 0,
    lotSize: Number(row.contractSize),
    referencePrice: swap.engine.market(row.symbol)?.lastPrice ?? 0,
  }));
  const { seedFrom } = options;
  if (seedFrom) {
    for (const [i, row] of [...swap.catalogue.values()].entries()) {
      const m = markets[i];
      // A fresh contract has traded nowhere yet: its past ends at its coin's spot price.
      const baseUsd = m && m.referencePrice > 0 ? m.referencePrice / 10 ** row.priceScale : seedFrom(row.base);
      if (!m || !baseUsd) continue;
      const price = Math.round(baseUsd * 10 ** row.priceScale);
      seedMarket(sqlite, seedMarketOf({ ...m, base: row.base, quote: row.quote, price, baseUsd }), options.clock());
    }
  }
  const data = new MarketData({ markets, clock: options.clock, sqlite, onError: options.onError });
  data.load();
  const recent = sqlite.prepare(
    'select price, contracts, taker_side, time from swap_trades where symbol = ? order by id desc limit 100',
  );
  for (const row of swap.catalogue.values()) {
    const rows = recent.all(row.symbol) as { price: number; contracts: number; taker_side: 1 | 2; time: number }[];
    const trades: TradeTick[] = rows
      .reverse()
      .map((r) => ({ price: r.price, volume: r.contracts, side: r.taker_side, time: r.time }));
    if (trades.length > 0) data.restoreTrades(swapMarket(row.symbol), trades);
  }
  swap.listen({
    market(event) {
      if (event.type !== 'trade') return;
      const t = event.trade;
      data.record(swapMarket(t.symbol), { price: t.price, volume: t.contracts, side: t.takerSide, time: t.time });
    },
  });
  return data;
}
