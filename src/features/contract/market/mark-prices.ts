// A perpetual's index and mark prices and its predicted funding, live from the worker's `mark:{market}` view.
import { MARK_COLUMN as COL, MARK_COLUMNS } from '../../../../workers/api.ts';
import { useMark, type ViewOptions } from '../../../data/hooks.ts';

export interface MarkPrices {
  index: number;
  mark: number;
  /** The predicted rate of the next settlement, as a fraction (0.0001 = 0.01 %). */
  fundingRate: number;
  /** The next settlement's instant (ms). */
  nextFundingTime: number;
}

/** The prices in a mark view's columns; null when there are none. */
export function readMarkPrices(values: ArrayLike<number> | null | undefined): MarkPrices | null {
  if (!values || values.length < MARK_COLUMNS) return null;
  return {
    index: values[COL.index] as number,
    mark: values[COL.mark] as number,
    fundingRate: values[COL.fundingRate] as number,
    nextFundingTime: values[COL.nextFundingTime] as number,
  };
}

/** The contract market's (`BTC/USDT:USDT`) prices; null until the first frame with prices. */
export function useMarkPrices(market: string, options?: ViewOptions): MarkPrices | null {
  return readMarkPrices(useMark(market, options)?.values);
}
