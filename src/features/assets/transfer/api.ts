import type { Page } from '../../../../common/contracts/envelope.ts';
import { get, post } from '../../../api/request.ts';
import { RECORDS_PAGE_SIZE } from '../common/model.ts';

/** The wallets of spec shell §3 "Balance rows" that money moves between. */
export const WALLETS = ['funds', 'spot', 'contract', 'follow'] as const;
export type Wallet = (typeof WALLETS)[number];

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
