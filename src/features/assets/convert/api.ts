import type { Page } from '../../../../common/contracts/envelope.ts';
import { get, post } from '../../../api/request.ts';
import { RECORDS_PAGE_SIZE } from '../common/model.ts';

export interface ConvertCoin {
  coin: string;
  name: string;
  logoUrl: string;
  decimals: number;
  /** The spot wallet's available amount. */
  available: string;
}

/** A quote (spec shell §7 quick exchange price): the rate, and for an amount what it buys and the id to convert at. */
export interface ConvertPrice {
  from: string;
  to: string;
  price: string;
  rate: string;
  spread: string;
  amount: string | null;
  receive: string | null;
  quoteId: string | null;
  expiresAt: number | null;
  validMs: number;
}

export interface ConvertRecord {
  id: number;
  from: string;
  to: string;
  amount: string;
  receive: string;
  rate: string;
  createTime: number;
}

const P = '/uc/quick-exchange';

export const loadConvertCoins = () => get<ConvertCoin[]>(`${P}/coins`, {}, { silent: true });
/** Quiet: the panel shows a refused quote's message in place, not as a toast on every keystroke. */
export const loadPrice = (from: string, to: string, amount: string, signal: AbortSignal) =>
  get<ConvertPrice>(`${P}/price`, { from, to, amount }, { signal, silent: true });
export const convertAtQuote = (input: { from: string; to: string; amount: string; quoteId: string }) =>
  post<ConvertRecord>(`${P}/add`, input);
export const loadConverts = (signal: AbortSignal) =>
  get<Page<ConvertRecord>>(`${P}/list`, { pageNo: 1, pageSize: RECORDS_PAGE_SIZE }, { signal, silent: true });
