import type { Static } from 'typebox';
import type {
  ConvertBody,
  ConvertCoinListSchema,
  QuickExchangePrice,
  QuickExchangeView,
} from '../../../../common/contracts/assets.ts';
import type { Page } from '../../../../common/contracts/envelope.ts';
import { get, post } from '../../../api/request.ts';
import { RECORDS_PAGE_SIZE } from '../common/model.ts';

// The wire shapes are the server's contract (common/contracts/assets.ts); the convert panel imports them from here.
/** A coin that converts, with the spot wallet's available amount. */
export type ConvertCoin = Static<typeof ConvertCoinListSchema>[number];
/** A quote (spec shell §7 quick exchange price): the rate, and for an amount what it buys and the id to convert at. */
export type ConvertPrice = QuickExchangePrice;
export type ConvertRecord = QuickExchangeView;

const P = '/uc/quick-exchange';

export const loadConvertCoins = () => get<ConvertCoin[]>(`${P}/coins`, {}, { silent: true });
/** Quiet: the panel shows a refused quote's message in place, not as a toast on every keystroke. */
export const loadPrice = (from: string, to: string, amount: string, signal: AbortSignal) =>
  get<ConvertPrice>(`${P}/price`, { from, to, amount }, { signal, silent: true });
export const convertAtQuote = (input: ConvertBody) => post<ConvertRecord>(`${P}/add`, input);
export const loadConverts = (signal: AbortSignal) =>
  get<Page<ConvertRecord>>(`${P}/list`, { pageNo: 1, pageSize: RECORDS_PAGE_SIZE }, { signal, silent: true });
