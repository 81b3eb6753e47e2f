import type {
  AddressEntry,
  InternalFeeInfo,
  InternalTransferCheck,
  InternalTransferView,
  MemberExist,
  RecipientType,
} from '../../../../common/contracts/assets.ts';
import type { Page } from '../../../../common/contracts/envelope.ts';
import { get, post } from '../../../api/request.ts';
import { RECHARGE_PATHS } from '../common/api.ts';
import { RECORDS_PAGE_SIZE } from '../common/model.ts';

// The wire shapes are the server's contract (common/contracts/assets.ts); the internal-transfer panel imports them
// from here under its own names.
/** How the sender names the recipient (spec shell §7 address book entry: uid, email, mobile with areaCode). */
export type { RecipientType };
export type MemberAnswer = MemberExist;
export type FeeInfo = InternalFeeInfo;
export type CheckAnswer = InternalTransferCheck;
export type InternalRecord = InternalTransferView;
/** An internal entry of the address book (spec shell §7: id, transferType 1, uid, email, mobile, areaCode). */
export type BookEntry = AddressEntry;

/** The recipient as the form names it; the server takes any type text and refuses the unknown ones. */
export interface Recipient {
  type: RecipientType;
  value: string;
  areaCode?: string | undefined;
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
  const r = await get<BookEntry[]>(RECHARGE_PATHS.bookInternal, {}, { silent: true });
  return (Array.isArray(r.data) ? r.data : []).filter((e) => e.transferType === 1);
}
