import { get, post } from '../../../api/request.ts';

/** The wallets of spec shell §3 "Balance rows" that money moves between. */
export const WALLETS = ['funds', 'spot', 'contract', 'follow'] as const;
export type Wallet = (typeof WALLETS)[number];

/** A page of records (spec shell §9: 10 a page for records). */
export interface Page<T> {
  records: T[];
  total: number;
  pageNo: number;
  pageSize: number;
}
export const RECORDS_PAGE_SIZE = 10;

/** A coin with what each wallet the user may move between has available (exact decimal strings). */
export interface TransferCoin {
  coin: string;
  name: string;
  logoUrl: string;
  decimals: number;
  available: Partial<Record<Wallet, string>>;
}

export interface TransferRecord {
  id: number;
  coin: string;
  amount: string;
  from: Wallet;
  to: Wallet;
  createTime: number;
}

export const loadTransferCoins = () =>
  get<{ wallets: Wallet[]; coins: TransferCoin[] }>('/uc/asset-transfer/balances', {}, { silent: true });

/** One wallet transfer; `requestId` makes a double submit answer the first transfer. */
export const transferBetweenWallets = (input: {
  coin: string;
  amount: string;
  from: Wallet;
  to: Wallet;
  requestId: string;
}) => post<TransferRecord>('/uc/asset-transfer/transfer', input);

export const loadTransfers = (pageNo: number, signal?: AbortSignal) =>
  get<Page<TransferRecord>>(
    '/uc/asset-transfer/list',
    { pageNo, pageSize: RECORDS_PAGE_SIZE },
    signal ? { signal, silent: true } : { silent: true },
  );

/** A fresh idempotency key for one submit. */
export function newRequestId(): string {
  return globalThis.crypto.randomUUID();
}
