// The signed-in user's contract state on /trade/contract: positions, open orders, plans, wallets and the channel's
// notices from the user's state in src/data (the private channel keeps it; REST only when it is loaded anew after a
// reconnect or a gap), plus the user's price preference and the contracts' sizes, asked for at start and on a new load.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type {
  ContractThumb,
  Position,
  SwapOrder,
  SwapPlan,
  SwapWallet,
  TradeInit,
} from '../../../common/contracts/swap.ts';
import { isContractOpen, PricePreference } from '../../../common/margin/codes.ts';
import type { SwapNotice } from '../../../workers/api.ts';
import { get, isAborted, isSuccess, post } from '../../api/request.ts';
import { userStore, useUserState } from '../../data/hooks.ts';
import type { UserState } from '../../data/user-store.ts';

export interface ContractSession {
  /** `visitor` without a token; `loading` until the user's state is loaded (again, after a reconnect). */
  status: 'visitor' | 'loading' | 'live';
  /** The contract wallet of the symbol's settle coin; null until loaded. */
  wallet: SwapWallet | null;
  /** Every symbol's open positions, by id. */
  positions: readonly Position[];
  /** Every symbol's resting orders, newest first. */
  openOrders: readonly SwapOrder[];
  /** Every symbol's waiting plans, TP/SL legs and trailing stops, newest first. */
  plans: readonly SwapPlan[];
  /** The channel's funding, liquidation, closed-position, TP/SL and ADL notices, newest first (`told` grows). */
  notices: readonly SwapNotice[];
  /** Which price unrealised PnL and ROE are shown at (spec: 0 default = mark, 1 mark, 2 latest). */
  pricePreference: PricePreference;
  /** Stores the preference on the server; false (nothing changed) when it was refused. */
  setPricePreference(preference: PricePreference): Promise<boolean>;
  /** The contracts' terms by symbol (contract size, price decimals), for what is computed on the page. */
  contracts: ReadonlyMap<string, ContractThumb>;
  /** Grows with every change the channel tells. */
  version: number;
  /** Changes with each load of the user's state: what was fetched beside an earlier one may be old. */
  epoch: string;
  /** After an action: nothing to fetch while the state is live (the channel brings the change). */
  refresh(): void;
}

/** `BTC_USDT` (the page's query) or `BTC/USDT` → the contract symbol of the API and the channel. */
export const contractSymbol = (symbol: string): string => symbol.replace('_', '/');

const NONE: never[] = [];

/** The quote (settle) coin of `BTC/USDT`. */
const settleOf = (symbol: string) => symbol.slice(symbol.indexOf('/') + 1);

/** The price preference from the contract's trade-init, asked for again on each new load of the user's state. */
function usePreference(symbol: string, token: string | null, user: UserState | null) {
  const key = `${symbol}|${token ?? ''}`;
  const [held, setHeld] = useState<{ key: string; value: PricePreference } | null>(null);
  const firstEpoch = useRef<string | null>(null);
  if (user && firstEpoch.current === null) firstEpoch.current = user.epoch;
  const reload = user && user.epoch !== firstEpoch.current ? user.epoch : '';
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for symbol and session; `reload` fetches again.
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    void get<TradeInit>('/swap/trade-init', { symbol }, { silent: true, signal: controller.signal }).then((init) => {
      if (isAborted(init) || !init.data?.settings) return;
      setHeld({ key, value: init.data.settings.pricePreference as PricePreference });
    });
    return () => controller.abort();
  }, [key, reload]);
  const set = useCallback(
    async (value: PricePreference) => {
      const answer = await post<null>('/swap/preference/price', { pricePreference: value });
      if (!isSuccess(answer.code)) return false;
      setHeld({ key, value });
      return true;
    },
    [key],
  );
  return { value: held?.key === key ? held.value : PricePreference.default, set };
}

let thumbs: Promise<ReadonlyMap<string, ContractThumb>> | null = null;

/** The contract catalogue (public, fetched once per page: terms do not move; prices here are not used). */
function useContracts(): ReadonlyMap<string, ContractThumb> {
  const [contracts, setContracts] = useState<ReadonlyMap<string, ContractThumb>>(new Map());
  useEffect(() => {
    let live = true;
    thumbs ??= get<ContractThumb[]>('/swap/symbol-thumb', {}, { silent: true }).then((answer) => {
      if (!answer.data) thumbs = null;
      return new Map((answer.data ?? []).map((t) => [t.symbol, t]));
    });
    void thumbs.then((map) => {
      if (live) setContracts(map);
    });
    return () => {
      live = false;
    };
  }, []);
  return contracts;
}

/** The user's contract state for the terminal of `symbol` (`BTC/USDT` or `BTC_USDT`); `token` null for a visitor. */
export function useContractSession(symbol: string, token: string | null): ContractSession {
  const contract = contractSymbol(symbol);
  const user = useUserState(token);
  const preference = usePreference(contract, token, user);
  const contracts = useContracts();
  const refresh = useCallback(() => userStore().refresh(), []);
  const openOrders = useMemo(() => (user ? user.swapOrders.filter((o) => isContractOpen(o.status)) : NONE), [user]);
  const settle = settleOf(contract);
  return {
    status: !token ? 'visitor' : user?.status === 'live' ? 'live' : 'loading',
    wallet: user?.wallets.find((w) => w.coin === settle) ?? null,
    positions: user?.positions ?? NONE,
    openOrders,
    plans: user?.plans ?? NONE,
    notices: user?.notices ?? NONE,
    pricePreference: preference.value,
    setPricePreference: preference.set,
    contracts,
    version: user?.version ?? 0,
    epoch: user?.epoch ?? '',
    refresh,
  };
}
