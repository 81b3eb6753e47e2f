// The headless model of /bill's filters (both tabs): type, coin, wallet (member bills only) and a day range, and the
// page; any filter change goes back to page 1, and a range that ends before it starts asks nothing. The views
// (spot-bills.tsx, member-bills.tsx) render it; tests/src/features/assets/bill/filter-model.test.ts checks it.
import type { Params } from '../../../api/request.ts';
import { BILL_PAGE_SIZE, dayRange } from './model.ts';

export interface BillFilters {
  type: string;
  coin: string;
  /** Member bills only: '' is every wallet. */
  wallet: string;
  /** Days as a date input writes them (YYYY-MM-DD), '' for open. */
  from: string;
  to: string;
}

export interface BillQuery {
  filters: BillFilters;
  pageNo: number;
}

export const NO_FILTERS: BillFilters = { type: '', coin: '', wallet: '', from: '', to: '' };

export const initialBillQuery = (): BillQuery => ({ filters: NO_FILTERS, pageNo: 1 });

export type BillQueryAction =
  | { type: 'filter'; patch: Partial<BillFilters> }
  | { type: 'reset' }
  | { type: 'page'; pageNo: number };

export function reduceBillQuery(state: BillQuery, action: BillQueryAction): BillQuery {
  switch (action.type) {
    case 'filter':
      return { filters: { ...state.filters, ...action.patch }, pageNo: 1 };
    case 'reset':
      return initialBillQuery();
    case 'page':
      return { ...state, pageNo: action.pageNo };
  }
}

/** The query a tab sends, or null while the day range is impossible (the view says so and asks nothing). */
export function billParams(state: BillQuery, withWallet: boolean): Params | null {
  const { filters, pageNo } = state;
  const range = dayRange(filters.from, filters.to);
  if (range === null) return null;
  return {
    type: filters.type,
    coin: filters.coin,
    ...(withWallet ? { wallet: filters.wallet } : {}),
    startTime: range.startTime,
    endTime: range.endTime,
    pageNo,
    pageSize: BILL_PAGE_SIZE,
  };
}
