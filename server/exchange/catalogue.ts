import type { Db } from '../db/schema.ts';
import { isExtraUnit } from '../db/seed/extra-markets.ts';

export interface SpotMarketWithRates {
  symbol: string;
  base: string;
  quote: string;
  referencePrice: string;
  priceScale: number;
  amountScale: number;
  baseUsdRate: string;
  quoteUsdRate: string;
  /** Smallest order amount in the base coin. */
  minAmount: string;
  /** Smallest order value in the quote currency. */
  minTurnover: string;
  makerFee: string;
  takerFee: string;
  /** Ledger decimals of the two coins. */
  baseDecimals: number;
  quoteDecimals: number;
}

/** A coin of the catalogue; decimal strings for money, `usdRate` the reference value of one coin in USD. */
export interface CoinInfoRow {
  unit: string;
  name: string;
  decimals: number;
  usdRate: string;
  canDeposit: boolean;
  canWithdraw: boolean;
  withdrawFee: string;
  minWithdraw: string;
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
          'm.min_amount',
          'm.min_turnover',
          'm.maker_fee',
          'm.taker_fee',
          'b.usd_rate as base_usd_rate',
          'q.usd_rate as quote_usd_rate',
          'b.decimals as base_decimals',
          'q.decimals as quote_decimals',
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
        minAmount: r.min_amount,
        minTurnover: r.min_turnover,
        makerFee: r.maker_fee,
        takerFee: r.taker_fee,
        baseDecimals: r.base_decimals,
        quoteDecimals: r.quote_decimals,
      }));
    },

    /** Every coin of the catalogue, in catalogue order. */
    async coins(): Promise<CoinInfoRow[]> {
      const rows = await db.selectFrom('coins').selectAll().orderBy('sort').execute();
      return rows.map((c) => ({
        unit: c.unit,
        name: c.name,
        decimals: c.decimals,
        usdRate: c.usd_rate,
        canDeposit: c.can_deposit === 1,
        canWithdraw: c.can_withdraw === 1,
        withdrawFee: c.withdraw_fee,
        minWithdraw: c.min_withdraw,
      }));
    },
  };
}
export type MarketsRepository = ReturnType<typeof marketsRepository>;

/** A coin's logo: public/coins/{unit}.svg, made for every catalogue coin; synthetic test coins share the generic one. */
export function logoOf(unit: string): string {
  return isExtraUnit(unit) ? '/coins/coin.svg' : `/coins/${unit.toLowerCase()}.svg`;
}

/** "BTC/USDT", "BTC-USDT", "btc_usdt" → "BTC/USDT". */
export function normalizeSymbol(text: string): string {
  return text.trim().toUpperCase().replace(/[-_]/, '/');
}
