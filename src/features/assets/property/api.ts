import type { RowCoin, WalletRow, WalletView } from '../../../../common/contracts/assets.ts';
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
export function loadWallet(type: WalletType, signal: AbortSignal): Promise<ApiResult<{ wallets: WalletView[] }>> {
  return post<{ wallets: WalletView[] }>('/uc/asset/wallet', { type }, { signal, silent: true });
}

/** The earn wallet of `GET /uc/asset/walletBalance` (spec shell §3 financial asset). */
export interface FinancialAsset {
  totalAsset: string;
  totalInterest: string;
  yesterdayInterest: string;
  /** Earn products on offer; 0 means the wallet cannot hold anything yet. */
  products: number;
}

export function loadFinancial(signal: AbortSignal): Promise<ApiResult<{ financial: FinancialAsset }>> {
  return get<{ financial: FinancialAsset }>('/uc/asset/walletBalance', {}, { signal, silent: true });
}
