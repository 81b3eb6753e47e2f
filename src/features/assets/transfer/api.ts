import type {
  TransferBalance,
  TransferBalances,
  TransferBody,
  WalletTransferView,
} from '../../../../common/contracts/assets.ts';
import type { Page } from '../../../../common/contracts/envelope.ts';
import { get, post } from '../../../api/request.ts';
import { RECORDS_PAGE_SIZE } from '../common/model.ts';

/** The wallets of spec shell §3 "Balance rows" that money moves between. */
export const WALLETS = ['funds', 'spot', 'contract', 'follow'] as const;
export type Wallet = (typeof WALLETS)[number];

// The wire shapes are the server's contract (common/contracts/assets.ts); the transfer panel imports them from here.
/** A coin with what each wallet the user may move between has available (exact decimal strings). */
export type TransferCoin = TransferBalance;
export type TransferRecord = WalletTransferView;

export const loadTransferCoins = () => get<TransferBalances>('/uc/asset-transfer/balances', {}, { silent: true });

/** One wallet transfer; `requestId` makes a double submit answer the first transfer. */
export const transferBetweenWallets = (
  input: TransferBody & { coin: string; from: Wallet; to: Wallet; requestId: string },
) => post<TransferRecord>('/uc/asset-transfer/transfer', input);

export const loadTransfers = (pageNo: number, signal?: AbortSignal) =>
  get<Page<TransferRecord>>(
    '/uc/asset-transfer/list',
    { pageNo, pageSize: RECORDS_PAGE_SIZE },
    signal ? { signal, silent: true } : { silent: true },
  );
