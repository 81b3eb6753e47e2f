import { isDecimal, toFixed } from '../../common/decimal.ts';

/** A price with exactly `priceScale` decimals, truncated downward (spec shell §9); '--' when unknown. */
export function formatPrice(value: string, priceScale: number): string {
  return isDecimal(value) ? toFixed(value, priceScale) : '--';
}

/** A change fraction as a percent with 2 decimals and a plus sign when not negative (spec shell §9). */
export function formatChangePercent(chg: number): string {
  if (!Number.isFinite(chg)) return '--';
  const percent = Math.round(chg * 10_000) / 100;
  return `${percent >= 0 ? '+' : ''}${percent.toFixed(2)}%`;
}
