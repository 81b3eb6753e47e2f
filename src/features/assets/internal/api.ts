import type { Page } from '../../../../common/contracts/envelope.ts';
import { get, post } from '../../../api/request.ts';
import { RECHARGE_PATHS } from '../common/api.ts';
import { RECORDS_PAGE_SIZE } from '../common/model.ts';

/** How the sender names the recipient (spec shell §7 address book entry: uid, email, mobile with areaCode). */
export type RecipientType = 'uid' | 'email' | 'mobile';

export interface Recipient {
  type: RecipientType;
  value: string;
  areaCode?: string | undefined;
}

export interface MemberAnswer {
  exist: boolean;
  name: string | null;
  self: boolean;
}

export interface FeeInfo {
  coin: string;
  decimals: number;
  fee: string;
  minAmount: string;
  enabled: boolean;
  available: string;
}

export interface InternalCodes {
  emailCode?: string | undefined;
  phoneCode?: string | undefined;
  googleCode?: string | undefined;
}

export interface InternalRequest extends Recipient, InternalCodes {
  coin: string;
  amount: string;
}

export interface CheckAnswer {
  coin: string;
  amount: string;
  fee: string;
  arrivedAmount: string;
  recipient: { type: RecipientType; name: string };
}

export interface InternalRecord {
  id: number;
  coin: string;
  amount: string;
  fee: string;
  arrivedAmount: string;
  direction: 'out' | 'in';
  counterparty: string;
  recipientType: RecipientType;
  status: number;
  createTime: number;
}

/** An internal entry of the address book (spec shell §7: id, transferType 1, uid, email, mobile, areaCode). */
export interface BookEntry {
  id: number;
  transferType: number;
  uid: string;
  email: string;
  mobile: string;
  areaCode: string;
  coin: string;
  remark: string;
}

const P = '/uc/internal-transfer';

export const memberExist = (r: Recipient) => post<MemberAnswer>(`${P}/member-exist`, { ...r });
export const loadFeeInfo = (coin: string) => get<FeeInfo>(`${P}/fee-info`, { coin }, { silent: true });
export const sendInternalCode = (type: 'email' | 'phone') => post<null>(`${P}/code`, { type });
export const checkInternal = (r: InternalRequest) => post<CheckAnswer>(`${P}/transfer-check`, { ...r });
/** The transfer; `requestId` makes a double submit answer the first transfer. */
export const sendInternal = (r: InternalRequest & { requestId: string }) =>
  post<InternalRecord>(`${P}/transfer`, { ...r });
export const loadInternalTransfers = (pageNo: number, direction: 'in' | 'out' | '', signal: AbortSignal) =>
  get<Page<InternalRecord>>(`${P}/list`, { pageNo, pageSize: RECORDS_PAGE_SIZE, direction }, { signal, silent: true });

/**
 * The address book's internal entries, from the withdraw address book (another screen's service). Quiet: the panel
 * works without it, and offers the entries when it answers.
 */
export async function loadBookEntries(): Promise<BookEntry[]> {
  const r = await get<BookEntry[] | { records?: BookEntry[] }>(RECHARGE_PATHS.bookInternal, {}, { silent: true });
  const data = r.data;
  const list = Array.isArray(data) ? data : (data?.records ?? []);
  return list.filter((e) => e.transferType === 1);
}
