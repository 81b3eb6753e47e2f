import { mul, toFixed } from '../../common/decimal.ts';
import { type Numeric, PLACEHOLDER, toDecimal } from '../../common/format/value.ts';

// The canvases' amount format is shared with the data worker's painter.
export { formatBookAmount } from '../../common/format/numbers.ts';

/** A depth level's value in USDT (spec trading §3): price × volume, 2 decimals, truncated. */
export function formatDepthValue(price: Numeric, volume: Numeric): string {
  const p = toDecimal(price);
  const v = toDecimal(volume);
  return p === null || v === null ? PLACEHOLDER : toFixed(mul(p, v), 2);
}
