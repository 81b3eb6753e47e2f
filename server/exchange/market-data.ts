import { sqliteOf } from '../db/database.ts';
import type { Db } from '../db/schema.ts';
import { isExtraUnit } from '../db/seed/extra-markets.ts';
import type { TradeTick } from '../gateway/source.ts';
import { MarketData, spotMarketsOf } from '../marketdata/index.ts';
import { seedMarket } from '../marketdata/seed.ts';
import { seedMarketOf } from '../sim/history.ts';
import type { MarketsRepository } from './catalogue.ts';
import type { Exchange } from './index.ts';

/**
 * Live statistics fed by the exchange's trades: candles and tickers read back from disk, the last trades of each market
 * restored from the journal's trade table, then every new trade recorded as it happens.
 */
export async function openMarketData(
  db: Db,
  markets: MarketsRepository,
  exchange: Exchange,
  options: { clock: () => number; onError: (error: unknown) => void; seedHistory?: boolean },
): Promise<MarketData> {
  const sqlite = sqliteOf(db);
  const rows = await markets.spotMarkets();
  const list = spotMarketsOf(rows);
  // With the simulator on, a market without candles (a fresh server) gets a past ending at its live price.
  if (options.seedHistory) {
    rows.forEach((row, i) => {
      // Synthetic markets are for scale tests of the lists: thousands of them would hold the start for minutes.
      if (isExtraUnit(row.base)) return;
      // A coming market has no past: it opens at its listing.
      if (!exchange.openings.isOpen(row.symbol, options.clock())) return;
      const price = list[i]?.referencePrice ?? 0;
      seedMarket(sqlite, seedMarketOf({ ...row, price, baseUsd: Number(row.baseUsdRate) }), options.clock());
    });
  }
  const data = new MarketData({
    markets: list,
    clock: options.clock,
    sqlite,
    onError: options.onError,
  });
  data.load();
  const recent = sqlite.prepare(
    'select price, quantity, taker_side, time from spot_trades where symbol = ? order by id desc limit 100',
  );
  for (const symbol of data.metas().keys()) {
    const rows = recent.all(symbol) as { price: number; quantity: number; taker_side: 1 | 2; time: number }[];
    const trades: TradeTick[] = rows.reverse().map((r) => ({
      price: r.price,
      volume: r.quantity,
      side: r.taker_side,
      time: r.time,
    }));
    if (trades.length > 0) data.restoreTrades(symbol, trades);
  }
  exchange.listen({
    market(event) {
      if (event.type !== 'trade') return;
      const t = event.trade;
      data.record(t.symbol, { price: t.price, volume: t.quantity, side: t.takerSide, time: t.time });
    },
  });
  return data;
}
