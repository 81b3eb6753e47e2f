import { useCallback, useMemo } from 'react';
import type { SymbolThumb } from '../../../common/market.ts';
import { request } from '../../api/request.ts';
import { useRequest } from '../../api/use-request.ts';
import { marketsOf } from './quote-rows.ts';

/** The spot markets of `GET /market/symbol-thumb`, in the server's order. */
export function useQuoteMarkets() {
  const load = useCallback(
    (signal: AbortSignal) => request<SymbolThumb[]>('GET', '/market/symbol-thumb', {}, { signal, silent: true }),
    [],
  );
  const { state, reload } = useRequest(load);
  const markets = useMemo(() => (state.status === 'done' ? marketsOf(state.data) : []), [state]);
  return { state, reload, markets };
}
