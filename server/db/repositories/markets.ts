import type { Db } from '../database.ts';

export interface SpotMarketWithRates {
  symbol: string;
  base: string;
  quote: string;
  referencePrice: string;
  priceScale: number;
  amountScale: number;
  baseUsdRate: string;
  quoteUsdRate: string;
}

export function marketsRepository(db: Db) {
  return {
    /** Enabled spot markets in catalogue order, with the USD rates of both coins. */
    async spotMarkets(): Promise<SpotMarketWithRates[]> {
      const rows = await db
        .selectFrom('spot_markets as m')
        .innerJoin('coins as b', 'b.unit', 'm.base')
        .innerJoin('coins as q', 'q.unit', 'm.quote')
        .select([
          'm.symbol',
          'm.base',
          'm.quote',
          'm.reference_price',
          'm.price_scale',
          'm.amount_scale',
          'b.usd_rate as base_usd_rate',
          'q.usd_rate as quote_usd_rate',
        ])
        .where('m.enabled', '=', 1)
        .orderBy('m.sort')
        .execute();
      return rows.map((r) => ({
        symbol: r.symbol,
        base: r.base,
        quote: r.quote,
        referencePrice: r.reference_price,
        priceScale: r.price_scale,
        amountScale: r.amount_scale,
        baseUsdRate: r.base_usd_rate,
        quoteUsdRate: r.quote_usd_rate,
      }));
    },
  };
}
export type MarketsRepository = ReturnType<typeof marketsRepository>;
