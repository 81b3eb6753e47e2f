import { isExtraUnit } from '../db/seed/extra-markets.ts';

/** A coin's logo: public/coins/{unit}.svg, made for every catalogue coin; synthetic test coins share the generic one. */
export function logoOf(unit: string): string {
  return isExtraUnit(unit) ? '/coins/coin.svg' : `/coins/${unit.toLowerCase()}.svg`;
}
