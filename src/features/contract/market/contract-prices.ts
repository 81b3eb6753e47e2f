// The viewed contract's last, mark and index prices as exact decimal text on its grid: what the order form's preview and
// the positions panel's PnL are computed at. Last from the worker's ticker, mark and index from its `mark:` view.
import { TICKER_COLUMN, TICKER_COLUMNS } from '../../../../workers/api.ts';
import { useTicker } from '../../../data/hooks.ts';
import { useMarkPrices } from './mark-prices.ts';

/** The one shape of a contract's live prices on the page; null until the worker has all three. */
export interface ContractPrices {
  last: string;
  mark: string;
  index: string;
}

/** A wire price (a float of a decimal on the grid) as its exact text with `scale` places; null when not a price. */
export function priceText(value: number | undefined, scale: number): string | null {
  return value !== undefined && Number.isFinite(value) && value > 0 ? value.toFixed(scale) : null;
}

/** The prices, and the predicted funding rate (undefined until the `mark:` view has one), from one view of each. */
export function useContractPrices(
  market: string,
  scale: number,
): { prices: ContractPrices | null; fundingRate: number | undefined } {
  const ticker = useTicker(market);
  const mark = useMarkPrices(market);
  const row = ticker && ticker.values.length >= TICKER_COLUMNS ? ticker.values : null;
  const last = priceText(row?.[TICKER_COLUMN.price], scale);
  const markText = priceText(mark?.mark, scale);
  const index = priceText(mark?.index, scale);
  const prices = last && markText && index ? { last, mark: markText, index } : null;
  return { prices, fundingRate: mark?.fundingRate };
}
