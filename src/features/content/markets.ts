import { useCallback, useMemo } from 'react';
import type { SymbolThumb } from '../../../common/market.ts';
import { request } from '../../api/request.ts';
import { useRequest } from '../../api/use-request.ts';
import { useLivePrices } from '../../data/hooks.ts';

export interface LiveMarket {
  symbol: string;
  coin: string;
  unit: string;
  price: number;
  /** Fraction (0.012 = +1.2 %). */
  chg: number;
  priceScale: number;
}

/** The spot markets (REST list) with the worker's live last price and change laid over them. */
export function useLiveMarkets(): LiveMarket[] | null {
  const { state } = useRequest(
    useCallback(
      (signal: AbortSignal) => request<SymbolThumb[]>('GET', '/market/symbol-thumb', {}, { signal, silent: true }),
      [],
    ),
  );
  const live = useLivePrices();
  return useMemo(() => {
    if (state.status !== 'done') return null;
    return state.data.map((m) => {
      const now = live.get(m.symbol);
      return {
        symbol: m.symbol,
        coin: m.coinSymbol,
        unit: m.baseSymbol,
        price: now?.price ?? Number(m.close),
        chg: now?.chg ?? m.chg,
        priceScale: m.priceScale,
      };
    });
  }, [state, live]);
}

/** The /trade route of a market (spec shell §2: /trade/{coin}-{unit}). */
export const tradePath = (m: { coin: string; unit: string }) => `/trade/${m.coin}-${m.unit}`;
