import { sqliteOf } from '../db/database.ts';
import type { Db } from '../db/schema.ts';
import type { TradeTick } from '../gateway/source.ts';
import { MarketData, spotMarketsOf } from '../marketdata/index.ts';
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
  options: { clock: () => number; onError: (error: unknown) => void },
): Promise<MarketData> {
  const sqlite = sqliteOf(db);
  const data = new MarketData({
    markets: spotMarketsOf(await markets.spotMarkets()),
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
