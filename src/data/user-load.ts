// The REST half of the user's state (DESIGN §2): what a stale user view is loaded with, through the request layer.
import type { Static } from 'typebox';
import type { WalletBalance } from '../../common/contracts/assets.ts';
import type { SpotOrderPageSchema } from '../../common/contracts/spot-trade.ts';
import type { Current, Position, SwapWallet } from '../../common/contracts/swap.ts';
import type { SwapUserLoad } from '../../workers/api.ts';
import { get, post } from '../api/request.ts';
import type { UserLoader } from './user-store.ts';

/** Open orders fetched at once (spec trading §9: default page 20; the server keeps at most 500 per market). */
const OPEN_PAGE_SIZE = 100;

/** Positions, open contract orders with the waiting plans, and the contract wallets; null when any fails. */
export async function loadSwapState(): Promise<SwapUserLoad | null> {
  const silent = { silent: true };
  const [positions, current, wallets] = await Promise.all([
    post<Position[]>('/swap/position-list', {}, silent),
    post<Current>('/swap/order/current', { pageSize: OPEN_PAGE_SIZE }, silent),
    post<SwapWallet[]>('/swap/wallet/balance', {}, silent),
  ]);
  if (!positions.data || !current.data || !wallets.data) return null;
  return {
    positions: positions.data,
    orders: current.data.orders.records,
    plans: current.data.plans,
    wallets: wallets.data,
  };
}

/** Open orders of every market, the spot wallet's balances and the contract state, fetched together; null on failure. */
export const loadUserState: UserLoader = async () => {
  const [open, wallet, swap] = await Promise.all([
    get<Static<typeof SpotOrderPageSchema>>('/exchange/order/current', { pageSize: OPEN_PAGE_SIZE }, { silent: true }),
    get<WalletBalance>('/uc/asset/walletBalance', {}, { silent: true }),
    loadSwapState(),
  ]);
  if (!open.data || !wallet.data || !swap) return null;
  const balances = wallet.data.spot.balances.map((b) => ({
    coin: b.unit,
    available: b.balance,
    frozen: b.frozenBalance,
  }));
  return { orders: open.data.records, balances, swap };
};
