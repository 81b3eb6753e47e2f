import type { Page } from '../../../../common/contracts/envelope.ts';
import { type ApiResult, get, type Params } from '../../../api/request.ts';
import type { WalletType } from '../property/api.ts';

/** A member bill type (`/uc/member-bill/bill-type`): number and name in the request's language. */
export interface BillTypeOption {
  type: number;
  name: string;
  /** Contract bill types (spec trading §9: 201–207). */
  contract: boolean;
}

/** One member bill: one of the user's ledger lines. */
export interface MemberBill {
  id: number;
  txnId: string;
  type: number;
  typeName: string;
  kind: string;
  coin: string;
  /** Signed exact amount. */
  amount: string;
  wallet: WalletType;
  /** Paid out of the wallet's frozen part (a withdrawal out of its hold, a trade out of an order's reservation). */
  frozen: boolean;
  time: number;
}

/** One spot bill (`/exchange/spot-bill/list`): `type` is the ledger kind. */
export interface SpotBill {
  id: number;
  txnId: string;
  coin: string;
  amount: string;
  type: string;
  time: number;
}

export function loadBillTypes(signal: AbortSignal): Promise<ApiResult<BillTypeOption[]>> {
  return get<BillTypeOption[]>('/uc/member-bill/bill-type', {}, { signal, silent: true });
}

export function loadMemberBills(params: Params, signal: AbortSignal): Promise<ApiResult<Page<MemberBill>>> {
  return get<Page<MemberBill>>('/uc/member-bill/bill-list', params, { signal, silent: true });
}

export function loadSpotBillTypes(signal: AbortSignal): Promise<ApiResult<{ type: string; name: string }[]>> {
  return get<{ type: string; name: string }[]>('/exchange/spot-bill/type', {}, { signal, silent: true });
}

export function loadSpotBills(params: Params, signal: AbortSignal): Promise<ApiResult<Page<SpotBill>>> {
  return get<Page<SpotBill>>('/exchange/spot-bill/list', params, { signal, silent: true });
}
