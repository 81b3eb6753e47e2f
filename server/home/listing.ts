import type { NewCoin, RankingItem } from '../../common/contracts/home.ts';
import { swapMarket } from '../../common/market.ts';
import type { ContractRow } from '../engine/contracts/contract.ts';
import type { SpotMarketWithRates } from '../exchange/catalogue.ts';
import { logoOf } from '../exchange/catalogue.ts';
import type { MarketData } from '../marketdata/index.ts';
import { changeFraction, gridText, isOnline, type RankedMarket, trendPoints } from './ranking.ts';
import type { NewCoinRow } from './repository.ts';

/** Daily closes a trend line holds at most. */
export const TREND_DAYS = 30;

/** A spot market as a ranking row (spec shell §3 "Ranking item"), from its live figures or its reference price. */
function itemOf(data: MarketData, m: SpotMarketWithRates): RankingItem {
  const live = data.has(m.symbol);
  const reference = Math.round(Number(m.referencePrice) * 10 ** m.priceScale);
  const s = live ? data.stats(m.symbol) : null;
  const price = s?.price ?? reference;
  return {
    symbol: m.symbol,
    coinSymbol: m.base,
    baseSymbol: m.quote,
    logoUrl: logoOf(m.base),
    currentPrice: gridText(price, m.priceScale),
    priceScale: m.priceScale,
    chg: s ? changeFraction(s.price, s.open) : 0,
    volume: gridText(s?.volume ?? 0, m.amountScale),
    turnover: (Math.round((s?.amount ?? 0) * 10 ** m.priceScale) / 10 ** m.priceScale).toFixed(m.priceScale),
    lastOneDayQuotes: live ? trendPoints(data.history(m.symbol, 'D1', { limit: TREND_DAYS })) : [],
    jumpSymbol: m.symbol.replace('/', '_'),
  };
}

/**
 * Every spot market as a ranking row with its 24 h turnover valued in USD: a quote's USD rate is its catalogue rate,
 * or for a coin that trades against USDT, its live USDT price.
 */
export function rankedMarkets(markets: readonly SpotMarketWithRates[], data: MarketData): Map<string, RankedMarket> {
  const usd = new Map<string, number>([['USDT', 1]]);
  for (const m of markets) {
    if (!usd.has(m.quote)) usd.set(m.quote, Number(m.quoteUsdRate));
    if (m.quote === 'USDT' && data.has(m.symbol)) usd.set(m.base, data.stats(m.symbol).price / 10 ** m.priceScale);
  }
  const rows = new Map<string, RankedMarket>();
  for (const m of markets) {
    const item = itemOf(data, m);
    rows.set(m.symbol, { item, turnoverUsd: Number(item.turnover) * (usd.get(m.quote) ?? Number(m.quoteUsdRate)) });
  }
  return rows;
}

/**
 * The perpetuals as ranking rows (the hot-contracts tab), hottest first: by 24 h turnover in the settle coin (USDT),
 * from the contract market data (markets `BTC/USDT:USDT`); volume in contracts. A contract not yet traded is left out.
 */
export function rankedContracts(rows: Iterable<ContractRow>, data: MarketData): RankingItem[] {
  const items: { item: RankingItem; turnover: number }[] = [];
  for (const c of rows) {
    const market = swapMarket(c.symbol);
    if (!data.has(market)) continue;
    const s = data.stats(market);
    if (s.price <= 0) continue;
    const turnover = Math.round(s.amount * 10 ** c.settleDecimals) / 10 ** c.settleDecimals;
    const item: RankingItem = {
      symbol: c.symbol,
      coinSymbol: c.base,
      baseSymbol: c.quote,
      logoUrl: logoOf(c.base),
      currentPrice: gridText(s.price, c.priceScale),
      priceScale: c.priceScale,
      chg: changeFraction(s.price, s.open),
      volume: String(s.volume),
      turnover: turnover.toFixed(c.settleDecimals),
      lastOneDayQuotes: trendPoints(data.history(market, 'D1', { limit: TREND_DAYS })),
      jumpSymbol: c.symbol.replace('/', '_'),
    };
    items.push({ item, turnover });
  }
  // Ties keep the catalogue's order (Array.prototype.sort is stable).
  return items.sort((a, b) => b.turnover - a.turnover).map((x) => x.item);
}

/** A listing as the new-coin calls answer it (spec shell §3 "New-coin item"), with its status at `now`. */
export function newCoinItem(c: NewCoinRow, now: number): NewCoin {
  return {
    id: c.id,
    unit: c.unit,
    name: c.name,
    imgUrl: logoOf(c.unit),
    symbol: c.symbol,
    jumpSymbol: c.symbol.replace('/', '_'),
    onlineTime: c.onlineTime,
    status: isOnline(c.onlineTime, now) ? 1 : 0,
  };
}
