import type { Static } from 'typebox';
import type { Bill, BillTypeListSchema, SpotBillKindListSchema } from '../../../../common/contracts/assets.ts';
import type { Page } from '../../../../common/contracts/envelope.ts';
import type { SpotBill } from '../../../../common/contracts/spot-trade.ts';
import { type ApiResult, get, type Params } from '../../../api/request.ts';

// The wire shapes are the server's contracts (common/contracts/assets.ts, spot-trade.ts); the bill page imports them
// from here under its own names.
/** A member bill type (`/uc/member-bill/bill-type`): number and name in the request's language. */
export type BillTypeOption = Static<typeof BillTypeListSchema>[number];
/** One member bill: one of the user's ledger lines. */
export type MemberBill = Bill;
/** A spot bill kind (`/exchange/spot-bill/type`) with its name. */
export type SpotBillKind = Static<typeof SpotBillKindListSchema>[number];
export type { SpotBill };

export function loadBillTypes(signal: AbortSignal): Promise<ApiResult<BillTypeOption[]>> {
  return get<BillTypeOption[]>('/uc/member-bill/bill-type', {}, { signal, silent: true });
}

export function loadMemberBills(params: Params, signal: AbortSignal): Promise<ApiResult<Page<MemberBill>>> {
  return get<Page<MemberBill>>('/uc/member-bill/bill-list', params, { signal, silent: true });
}

export function loadSpotBillTypes(signal: AbortSignal): Promise<ApiResult<SpotBillKind[]>> {
  return get<SpotBillKind[]>('/exchange/spot-bill/type', {}, { signal, silent: true });
}

export function loadSpotBills(params: Params, signal: AbortSignal): Promise<ApiResult<Page<SpotBill>>> {
  return get<Page<SpotBill>>('/exchange/spot-bill/list', params, { signal, silent: true });
}
