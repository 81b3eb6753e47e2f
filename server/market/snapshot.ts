import { ApiCode } from '../../common/api.ts';
import type { SymbolThumb } from '../../common/contracts/spot-market.ts';
import { fromUnits, toUnits } from '../../common/decimal.ts';
import { ApiError } from '../errors/api-error.ts';
import { type MarketsRepository, normalizeSymbol, type SpotMarketWithRates } from '../exchange/catalogue.ts';
import type { MarketData, MarketStats } from '../marketdata/index.ts';
import { thumbOf } from './views.ts';

/** Everything a request needs about the spot markets, read once per request. */
export interface MarketSnapshot {
  /** The markets open for trading (a coming market is left out of every list until its online time). */
  rows: SpotMarketWithRates[];
  stats: Map<string, MarketStats>;
  /** Value of each coin in USD. */
  usd: Map<string, string>;
  /** The market of a symbol in any spelling, or the unknown-market refusal. */
  find(symbol: string): SpotMarketWithRates;
  thumb(m: SpotMarketWithRates): SymbolThumb;
}

export const unknownMarket = (symbol: string) => new ApiError(400, ApiCode.unknownMarket, 'unknownMarket', { symbol });

/** Reads the spot markets with their live 24 h statistics; a market MarketData does not follow stands at its reference price. */
export function marketSnapshots(
  markets: MarketsRepository,
  data: MarketData,
  clock: () => number,
  isOpen: (symbol: string, now: number) => boolean = () => true,
) {
  const statsOf = (m: SpotMarketWithRates): MarketStats => {
    if (data.has(m.symbol)) return data.stats(m.symbol);
    const price = Number(toUnits(m.referencePrice, m.priceScale));
    return { price, lastVolume: 0, open: price, high: price, low: price, volume: 0, amount: 0, time: clock() };
  };

  return async (): Promise<MarketSnapshot> => {
    const all = await markets.spotMarkets();
    const now = clock();
    const rows = all.filter((m) => isOpen(m.symbol, now));
    const stats = new Map(all.map((m) => [m.symbol, statsOf(m)] as const));
    // A coin is worth its last USDT price; coins without a USDT market keep the catalogue rate (USDT = 1 USD).
    const usd = new Map<string, string>();
    for (const m of all) {
      usd.set(m.base, m.baseUsdRate);
      usd.set(m.quote, m.quoteUsdRate);
    }
    for (const m of all) {
      const s = stats.get(m.symbol);
      if (m.quote === 'USDT' && s) usd.set(m.base, fromUnits(BigInt(s.price), m.priceScale));
    }
    const find = (symbol: string) => {
      const wanted = normalizeSymbol(symbol);
      const market = all.find((m) => m.symbol === wanted);
      if (!market) throw unknownMarket(symbol);
      return market;
    };
    const thumb = (m: SpotMarketWithRates): SymbolThumb => {
      const s = stats.get(m.symbol) ?? statsOf(m);
      return thumbOf(m, s, usd.get(m.quote) ?? m.quoteUsdRate, clock());
    };
    return { rows, stats, usd, find, thumb };
  };
}
