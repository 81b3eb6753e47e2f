// The REST half of the user's state (DESIGN §2): what a stale user view is loaded with, through the request layer.
import type { Static } from 'typebox';
import type { WalletBalance } from '../../common/contracts/assets.ts';
import type { SpotOrderPageSchema } from '../../common/contracts/spot-trade.ts';
import { get } from '../api/request.ts';
import type { UserLoader } from './user-store.ts';

/** Open orders fetched at once (spec trading §9: default page 20; the server keeps at most 500 per market). */
const OPEN_PAGE_SIZE = 100;

/** Open orders of every market and the spot wallet's balances, fetched together; null when either fails. */
export const loadUserState: UserLoader = async () => {
  const [open, wallet] = await Promise.all([
    get<Static<typeof SpotOrderPageSchema>>('/exchange/order/current', { pageSize: OPEN_PAGE_SIZE }, { silent: true }),
    get<WalletBalance>('/uc/asset/walletBalance', {}, { silent: true }),
  ]);
  if (!open.data || !wallet.data) return null;
  const balances = wallet.data.spot.balances.map((b) => ({
    coin: b.unit,
    available: b.balance,
    frozen: b.frozenBalance,
  }));
  return { orders: open.data.records, balances };
};
