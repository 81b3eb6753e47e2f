import type { CoinInfo, PlateSide, SymbolThumb, TradeDirection } from '../../common/contracts/spot-market.ts';
import { fromUnits, mul, toFixed } from '../../common/decimal.ts';
import { type CoinInfoRow, logoOf, type SpotMarketWithRates } from '../exchange/catalogue.ts';
import type { MarketStats } from '../marketdata/index.ts';

/** Integer units on a grid of `scale` decimals as an exact string with exactly `scale` decimals (12345, 2 → "123.45"). */
export function gridText(units: number, scale: number): string {
  return toFixed(fromUnits(BigInt(units), scale), scale);
}

/** A float statistic (quote turnover) rounded onto a grid of `scale` decimals. */
function floatText(value: number, scale: number): string {
  return gridText(Math.round(value * 10 ** scale), scale);
}

/** change / open as a fraction, 8 decimals (0.0123 = +1.23 %). */
function changeFraction(s: MarketStats): number {
  if (s.open <= 0) return 0;
  return Math.round(((s.price - s.open) / s.open) * 1e8) / 1e8 || 0;
}

/** A spot market row (spec trading §3) from its 24 h statistics. */
export function thumbOf(m: SpotMarketWithRates, s: MarketStats, quoteUsdRate: string, time: number): SymbolThumb {
  const price = (ticks: number) => gridText(ticks, m.priceScale);
  const close = price(s.price);
  return {
    symbol: m.symbol,
    coinSymbol: m.base,
    baseSymbol: m.quote,
    open: price(s.open),
    high: price(s.high),
    low: price(s.low),
    close,
    change: price(s.price - s.open),
    chg: changeFraction(s),
    volume: gridText(s.volume, m.amountScale),
    turnover: floatText(s.amount, m.priceScale),
    usdRate: mul(close, quoteUsdRate),
    baseUsdRate: quoteUsdRate,
    priceScale: m.priceScale,
    amountScale: m.amountScale,
    logoUrl: logoOf(m.base),
    time,
  };
}

/** One side of a plate from flat `[priceTicks, volumeLots, …]`, best first, the first `levels` levels. */
export function plateSide(
  m: Pick<SpotMarketWithRates, 'symbol' | 'priceScale' | 'amountScale'>,
  direction: TradeDirection,
  flat: number[],
  levels: number,
): PlateSide {
  const items: PlateSide['items'] = [];
  let maxLots = 0;
  let minLots = Number.POSITIVE_INFINITY;
  let highest = 0;
  let lowest = Number.POSITIVE_INFINITY;
  for (let i = 0; i + 1 < flat.length && items.length < levels; i += 2) {
    const ticks = flat[i] as number;
    const lots = flat[i + 1] as number;
    if (lots <= 0) continue;
    items.push({ price: gridText(ticks, m.priceScale), amount: gridText(lots, m.amountScale) });
    if (lots > maxLots) maxLots = lots;
    if (lots < minLots) minLots = lots;
    if (ticks > highest) highest = ticks;
    if (ticks < lowest) lowest = ticks;
  }
  const empty = items.length === 0;
  return {
    symbol: m.symbol,
    direction,
    items,
    maxAmount: gridText(maxLots, m.amountScale),
    minAmount: gridText(empty ? 0 : minLots, m.amountScale),
    highestPrice: gridText(highest, m.priceScale),
    lowestPrice: gridText(empty ? 0 : lowest, m.priceScale),
  };
}

export function coinInfoOf(c: CoinInfoRow, usdRate: string): CoinInfo {
  return {
    name: c.name,
    unit: c.unit,
    decimals: c.decimals,
    usdRate,
    canDeposit: c.canDeposit ? 1 : 0,
    canWithdraw: c.canWithdraw ? 1 : 0,
    withdrawFee: c.withdrawFee,
    minWithdraw: c.minWithdraw,
    logoUrl: logoOf(c.unit),
  };
}
