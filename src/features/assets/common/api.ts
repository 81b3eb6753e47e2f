import type { Static } from 'typebox';
import type {
  AddressEntry,
  CoinDetailView,
  DepositAddressView,
  DepositPage,
  DepositView,
  LatestDestinationSchema,
  MemoType,
  NetworkDetailView,
  WithdrawalView,
  WithdrawCreateBody,
  WithdrawInfo,
} from '../../../../common/contracts/assets.ts';
import type { Page } from '../../../../common/contracts/envelope.ts';
import { get, post } from '../../../api/request.ts';

/** Deposit, withdraw and address-book calls of spec shell §7 "Assets" through the shared request layer. */
export const RECHARGE_PATHS = {
  coins: '/uc/coin/v2/list',
  addressRead: '/uc/address/read',
  addressCreate: '/uc/address/create',
  rechargeList: '/uc/recharge/list',
  rechargeInfo: '/uc/recharge/info',
  /** Non-production only: the deposit simulator. */
  simulateDeposit: '/dev/assets/deposit',
  withdrawInfo: '/uc/withdraw/info',
  withdrawCreate: '/uc/withdraw/create',
  withdrawList: '/uc/withdraw/list',
  withdrawDetail: '/uc/withdraw/detail',
  withdrawCancel: '/uc/withdraw/cancel',
  withdrawCode: '/uc/withdraw/code',
  bookPage: '/uc/withdraw/address/page',
  bookAdd: '/uc/withdraw/address/add',
  bookEdit: '/uc/withdraw/address/edit',
  bookDelete: '/uc/withdraw/address/delete',
  bookLatest: '/uc/withdraw/address/latest',
  bookInternal: '/uc/withdraw/address/internal',
} as const;
const P = RECHARGE_PATHS;

// Declared once, in the contracts (common/contracts/envelope.ts, assets.ts); the asset pages import them from here,
// under the names they have always used.
export type { AddressEntry, DepositPage, MemoType, Page, WithdrawInfo };
/** A network of /uc/coin/v2/list, with its address rules and arrival time. */
export type NetworkInfo = NetworkDetailView;
/** A coin of /uc/coin/v2/list with its networks. */
export type CoinInfo = CoinDetailView;
export type DepositAddress = DepositAddressView;
export type DepositRecord = DepositView;
export type WithdrawRecord = WithdrawalView;
/** A destination of /uc/withdraw/address/latest. */
export type LatestAddress = Static<typeof LatestDestinationSchema>;

/** Deposit states (server DEPOSIT_STATUS). */
export const DEPOSIT_STATUS = { pending: 0, confirmed: 1, failed: 2 } as const;

/** Withdrawal states (server WITHDRAW_STATUS). */
export const WITHDRAW_STATUS = { pending: 0, processing: 1, done: 2, cancelled: 3, failed: 4 } as const;

/** The withdraw form's fields as the screen holds them (every code a string); sent as WithdrawCreateBody. */
export interface WithdrawForm {
  coin: string;
  protocol: string;
  address: string;
  tag: string;
  amount: string;
  emailCode: string;
  phoneCode: string;
  googleCode: string;
  /** One per submission: a double click answers the first withdrawal. */
  requestId: string;
}

/** transferType of an address-book entry. */
export const TRANSFER_TYPE = { chain: 0, internal: 1 } as const;

export type EntryDraft = Omit<AddressEntry, 'id' | 'time' | 'updateTime'>;

const quiet = { silent: true } as const;

export const loadCoins = (signal?: AbortSignal) =>
  get<CoinInfo[]>(P.coins, {}, { ...quiet, ...(signal ? { signal } : {}) });

export const readDepositAddress = (coin: string, protocol: string) =>
  get<DepositAddress | null>(P.addressRead, { coin, protocol });
export const createDepositAddress = (coin: string, protocol: string) =>
  post<DepositAddress>(P.addressCreate, { coin, protocol });
export const loadDeposits = (pageNo: number, pageSize: number, coin?: string) =>
  get<DepositPage>(P.rechargeList, { pageNo, pageSize, coin });
export const loadDeposit = (id: number) => get<DepositRecord>(P.rechargeInfo, { id });
export const simulateDeposit = (address: string, memo: string, amount: string) =>
  post<DepositRecord>(P.simulateDeposit, { address, memo, amount });

export const loadWithdrawInfo = (coin: string) => get<WithdrawInfo>(P.withdrawInfo, { coin });
export const createWithdrawal = (form: WithdrawCreateBody) => post<WithdrawRecord>(P.withdrawCreate, { ...form });
export const loadWithdrawals = (pageNo: number, pageSize: number, coin?: string) =>
  get<Page<WithdrawRecord>>(P.withdrawList, { pageNo, pageSize, coin });
export const loadWithdrawal = (id: number) => get<WithdrawRecord>(P.withdrawDetail, { id });
export const cancelWithdrawal = (id: number) => post<WithdrawRecord>(P.withdrawCancel, { id });
export const sendWithdrawCode = (type: 'email' | 'phone') => post<null>(P.withdrawCode, { type });

export const loadBook = (
  pageNo: number,
  pageSize: number,
  filter: { coin?: string; protocol?: string; transferType?: number } = {},
) => get<Page<AddressEntry>>(P.bookPage, { pageNo, pageSize, ...filter });
export const addEntry = (draft: EntryDraft) => post<AddressEntry>(P.bookAdd, { ...draft });
export const editEntry = (id: number, draft: EntryDraft) => post<AddressEntry>(P.bookEdit, { id, ...draft });
export const deleteEntry = (id: number) => post<null>(P.bookDelete, { id });
export const loadLatest = (coin: string, protocol: string) =>
  get<LatestAddress[]>(P.bookLatest, { coin, protocol }, quiet);
