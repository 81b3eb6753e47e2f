import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadSwapState, loadUserState } from '../../../src/data/user-load.ts';
import { i18n } from '../../../src/i18n/i18n.ts';
import { swapOrder, swapPlan, swapPosition, swapWallet } from '../../common/swap-views.ts';
import { installBrowser } from '../api/browser-env.ts';

const ok = (data: unknown) =>
  new Response(JSON.stringify({ code: 0, message: 'success', data }), {
    headers: { 'content-type': 'application/json' },
  });

/** Answers each path with its data; a path not listed fails. */
function serve(answers: Record<string, unknown>) {
  const fetch = vi.fn(async (url: string) => {
    const path = new URL(url, 'http://x').pathname;
    return path in answers ? ok(answers[path]) : ok(null);
  });
  vi.stubGlobal('fetch', fetch);
  return fetch;
}

const SWAP = {
  '/swap/position-list': [swapPosition(1)],
  '/swap/order/current': {
    orders: { records: [swapOrder(2)], total: 1, pageNo: 1, pageSize: 100 },
    plans: [swapPlan(3)],
  },
  '/swap/wallet/balance': [swapWallet()],
};

beforeEach(async () => {
  installBrowser();
  await i18n.changeLanguage('en_US');
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the REST load of the user state', () => {
  it('fetches positions, open contract orders with the waiting plans and the contract wallets', async () => {
    const fetch = serve(SWAP);
    expect(await loadSwapState()).toEqual({
      positions: [swapPosition(1)],
      orders: [swapOrder(2)],
      plans: [swapPlan(3)],
      wallets: [swapWallet()],
    });
    const calls = fetch.mock.calls.map(([url]) => new URL(url, 'http://x').pathname).sort();
    expect(calls).toEqual(['/swap/order/current', '/swap/position-list', '/swap/wallet/balance']);
  });

  it('fails as a whole when any part fails, so the user view stays stale and is loaded again', async () => {
    serve({ ...SWAP, '/swap/wallet/balance': null });
    expect(await loadSwapState()).toBeNull();
    serve({
      ...SWAP,
      '/exchange/order/current': { records: [], total: 0, pageNo: 1, pageSize: 100 },
      '/uc/asset/walletBalance': null,
    });
    expect(await loadUserState()).toBeNull();
  });

  it('brings the spot and contract halves together', async () => {
    serve({
      ...SWAP,
      '/exchange/order/current': { records: [], total: 0, pageNo: 1, pageSize: 100 },
      '/uc/asset/walletBalance': { spot: { balances: [{ unit: 'USDT', balance: '5', frozenBalance: '1' }] } },
    });
    const load = await loadUserState();
    expect(load?.balances).toEqual([{ coin: 'USDT', available: '5', frozen: '1' }]);
    expect(load?.swap?.positions).toEqual([swapPosition(1)]);
  });
});
