import type { Static } from 'typebox';
import type {
  FinancialSummarySchema,
  RowCoin,
  WalletBalance,
  WalletList,
  WalletRow,
  WalletView,
} from '../../../../common/contracts/assets.ts';
import { type ApiResult, get, post } from '../../../api/request.ts';

/** The wallets of spec shell §3 "Balance rows" (server/ledger/accounts.ts WALLETS). */
export const WALLET_TYPES = ['funds', 'spot', 'contract', 'follow'] as const;
export type WalletType = (typeof WALLET_TYPES)[number];

export function isWalletType(text: string | undefined): text is WalletType {
  return (WALLET_TYPES as readonly string[]).includes(text ?? '');
}

// The wire shapes are the server's contract (common/contracts/assets.ts); the wallet pages import them from here.
export type { RowCoin, WalletRow, WalletView };

/** `POST /uc/asset/wallet {type}`: one wallet with every coin of the catalogue, valued in USDT. */
export function loadWallet(type: WalletType, signal: AbortSignal): Promise<ApiResult<WalletList>> {
  return post<WalletList>('/uc/asset/wallet', { type }, { signal, silent: true });
}

/** The earn wallet of `GET /uc/asset/walletBalance` (spec shell §3 financial asset). */
export type FinancialAsset = Static<typeof FinancialSummarySchema>;

export function loadFinancial(signal: AbortSignal): Promise<ApiResult<WalletBalance>> {
  return get<WalletBalance>('/uc/asset/walletBalance', {}, { signal, silent: true });
}
