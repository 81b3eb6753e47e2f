// The signed-in user's spot state on /trade: the market's spot account and the open orders from REST, kept live by the
// private `user` channel (orders, fills, balances) and refetched shortly after each burst of events or a reconnect.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { isOpenStatus, type SpotFill, type SpotOrder } from '../../../common/trading.ts';
import { get } from '../../api/request.ts';
import { useUserChannel } from '../../data/hooks.ts';
import type { SpotAccount } from './order-entry/math.ts';

/** Events come in bursts (an order, its fills, two balances): one refetch after the burst. */
const REFETCH_DELAY_MS = 300;
/** Open orders fetched at once (spec trading §9: default page 20; the server keeps at most 500 per market). */
const OPEN_PAGE_SIZE = 100;

interface Page<T> {
  records: T[];
  total: number;
}

export interface SpotSession {
  /** Null until loaded (and for a visitor). */
  account: SpotAccount | null;
  accountFailed: boolean;
  /** Every market's open orders, newest first, live. */
  open: SpotOrder[];
  /** Fills told by the channel since the page opened, newest first. */
  liveFills: SpotFill[];
  /** Grows with every change the channel tells: lists fetched elsewhere reload on it. */
  version: number;
  /** Refetches now (after placing or cancelling). */
  refresh: () => void;
}

/** Open orders from REST with the channel's latest states laid over them. */
export function mergeOpenOrders(fetched: readonly SpotOrder[], live: readonly SpotOrder[]): SpotOrder[] {
  const byId = new Map<number, SpotOrder>();
  for (const order of fetched) byId.set(order.orderId, order);
  for (const order of live) {
    const held = byId.get(order.orderId);
    if (held && held.updateTime > order.updateTime) continue;
    if (isOpenStatus(order.status)) byId.set(order.orderId, order);
    else byId.delete(order.orderId);
  }
  return [...byId.values()].sort((a, b) => b.time - a.time || b.orderId - a.orderId);
}

type Balance = { coin: string; available: string; frozen: string };
const sameBalance = (a: Balance, b: Balance) =>
  a.coin === b.coin && a.available === b.available && a.frozen === b.frozen;

/**
 * The account with the channel's balances of its two coins laid over it: only those told since the account was
 * fetched (`seen`), as a deposit or transfer changes the REST answer without an event.
 */
export function mergeAccount(
  account: SpotAccount | null,
  balances: readonly Balance[],
  seen: readonly Balance[],
  coins: { base: string; quote: string },
): SpotAccount | null {
  if (!account) return null;
  let next = account;
  for (const b of balances) {
    if (seen.some((s) => sameBalance(s, b))) continue;
    if (b.coin === coins.base && b.available !== next.coinHotMoney) next = { ...next, coinHotMoney: b.available };
    if (b.coin === coins.quote && b.available !== next.rmb) next = { ...next, rmb: b.available };
  }
  return next;
}

export function useSpotSession(symbol: string, token: string | null, coins: { base: string; quote: string }) {
  const live = useUserChannel(token);
  const [account, setAccount] = useState<SpotAccount | null>(null);
  const [accountFailed, setAccountFailed] = useState(false);
  const [fetched, setFetched] = useState<SpotOrder[]>([]);
  const [version, setVersion] = useState(0);
  const generation = useRef(0);
  const liveRef = useRef(live);
  liveRef.current = live;
  const [seen, setSeen] = useState<readonly Balance[]>([]);

  const load = useCallback(async () => {
    if (!token) return;
    const run = ++generation.current;
    const before = liveRef.current?.balances ?? [];
    const [acc, open] = await Promise.all([
      get<SpotAccount>('/exchange/account', { symbol }, { silent: true }),
      get<Page<SpotOrder>>('/exchange/order/current', { pageSize: OPEN_PAGE_SIZE }, { silent: true }),
    ]);
    if (run !== generation.current) return;
    if (acc.data) {
      setAccount(acc.data);
      setSeen(before);
    }
    setAccountFailed(!acc.data);
    if (open.data) setFetched(open.data.records);
  }, [symbol, token]);

  useEffect(() => {
    setAccount(null);
    setFetched([]);
    if (token) void load();
  }, [load, token]);

  // Each change of the channel (and a reconnect, which may have lost events) refetches after the burst.
  const reconnects = live?.health.reconnects ?? 0;
  // The snapshot and the reconnect count are the triggers.
  useEffect(() => {
    if (!live && reconnects === 0) return;
    setVersion((v) => v + 1);
    const timer = setTimeout(() => void load(), REFETCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [live, reconnects, load]);

  const open = useMemo(() => mergeOpenOrders(fetched, live?.orders ?? []), [fetched, live]);
  const merged = useMemo(() => mergeAccount(account, live?.balances ?? [], seen, coins), [account, live, seen, coins]);
  const refresh = useCallback(() => void load(), [load]);
  return { account: merged, accountFailed, open, liveFills: live?.fills ?? [], version, refresh } as SpotSession;
}
