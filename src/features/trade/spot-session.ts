// The signed-in user's spot state on /trade: the market's spot account (fee rates, grids, the two coins' balances) from
// REST, and everything else from the user's state in src/data, which the private channel keeps. REST only at start,
// for another market, or when the user's state was loaded anew (a reconnect or a gap): never because the channel spoke.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { SpotFill, SpotOrder } from '../../../common/trading.ts';
import type { UserBalance } from '../../../workers/api.ts';
import { get, isAborted } from '../../api/request.ts';
import { userStore, useUserState } from '../../data/hooks.ts';
import type { UserState } from '../../data/user-store.ts';
import type { SpotAccount } from './order-entry/math.ts';

export interface SpotSession {
  /** Null until loaded (and for a visitor). */
  account: SpotAccount | null;
  accountFailed: boolean;
  /** Every market's open orders, newest first, live. */
  open: SpotOrder[];
  /** Fills told by the channel since the state was loaded, newest first. */
  liveFills: SpotFill[];
  /** Grows with every change the channel tells. */
  version: number;
  /** After placing or cancelling: nothing to fetch while the state is live (the channel brings the change). */
  refresh: () => void;
  /** The user's whole state (every coin's balance, orders changed lately, positions); null until it first comes. */
  user: UserState | null;
}

/** The highest `told` among the balances: what the channel had said when the account was asked for. */
export function toldMark(balances: readonly UserBalance[]): number {
  let mark = 0;
  for (const b of balances) mark = Math.max(mark, b.told);
  return mark;
}

/**
 * The account with the channel's balances of its two coins laid over it: only those told after `mark` (when the
 * account was asked for), as a deposit or transfer changes the REST answer without an event.
 */
export function mergeAccount(
  account: SpotAccount | null,
  balances: readonly UserBalance[],
  mark: number,
  coins: { base: string; quote: string },
): SpotAccount | null {
  if (!account) return null;
  let next = account;
  for (const b of balances) {
    if (b.told <= mark) continue;
    if (b.coin === coins.base && b.available !== next.coinHotMoney) next = { ...next, coinHotMoney: b.available };
    if (b.coin === coins.quote && b.available !== next.rmb) next = { ...next, rmb: b.available };
  }
  return next;
}

/**
 * The spot account of one market, asked for again when the user's state is loaded anew after the first (`epoch`): the
 * channel's news may have been missed meanwhile. `mark` is the channel's {@link toldMark} when it was asked for.
 */
function useSpotAccount(symbol: string, token: string | null, user: UserState | null) {
  // What was fetched is kept with the market and session it is for, so another one shows nothing stale meanwhile.
  const key = `${symbol}|${token ?? ''}`;
  const [fetched, setFetched] = useState<{ key: string; account: SpotAccount; mark: number } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const latest = useRef(user);
  latest.current = user;
  // The first epoch seen needs no second fetch; a later one does.
  const firstEpoch = useRef<string | null>(null);
  if (user && firstEpoch.current === null) firstEpoch.current = user.epoch;
  const reload = user && user.epoch !== firstEpoch.current ? user.epoch : '';

  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for the market and session; `reload` triggers a second fetch.
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    const mark = toldMark(latest.current?.balances ?? []);
    void get<SpotAccount>('/exchange/account', { symbol }, { silent: true, signal: controller.signal }).then((acc) => {
      if (isAborted(acc)) return;
      if (acc.data) setFetched({ key, account: acc.data, mark });
      setFailed(acc.data ? null : key);
    });
    return () => controller.abort();
  }, [key, reload]);
  return { fetched: fetched?.key === key ? fetched : null, failed: failed === key };
}

const NONE: never[] = [];

export function useSpotSession(symbol: string, token: string | null, coins: { base: string; quote: string }) {
  const user = useUserState(token);
  const { fetched, failed } = useSpotAccount(symbol, token, user);
  const account = useMemo(
    () => mergeAccount(fetched?.account ?? null, user?.balances ?? NONE, fetched?.mark ?? 0, coins),
    [fetched, user, coins],
  );
  const refresh = useCallback(() => userStore().refresh(), []);
  return {
    account,
    accountFailed: failed,
    open: user?.open ?? NONE,
    liveFills: user?.fills ?? NONE,
    version: user?.version ?? 0,
    refresh,
    user,
  } as SpotSession;
}
