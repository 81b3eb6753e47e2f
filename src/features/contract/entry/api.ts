// The REST calls of the order form (spec trading §7 "Contract (swap)"); bodies are the wire schemas of
// common/contracts/swap.ts. Refusals come back with the server's translated message (the request layer toasts it).
import { useCallback, useEffect, useState } from 'react';
import type {
  CloseBody,
  Current,
  LeverageBody,
  OpenBody,
  PatternBody,
  PreferenceBody,
  TradeInit,
} from '../../../../common/contracts/swap.ts';
import { type ApiResult, get, isSuccess, postJson } from '../../../api/request.ts';

/** A refusal's text, or null on success. */
export function refusal(result: ApiResult<unknown>): string | null {
  if (result.aborted || isSuccess(result.code)) return null;
  return result.msg || result.message || String(result.code);
}

export const placeOrder = (body: OpenBody | CloseBody, close: boolean) =>
  postJson<unknown>(close ? '/swap/order/close' : '/swap/order/open', { ...body });

export const setLeverage = (body: LeverageBody) => postJson<null>('/swap/order/modify-leverage', { ...body });

export const switchPattern = (body: PatternBody) => postJson<null>('/swap/order/switch-pattern', { ...body });

export const setPricePreference = (body: PreferenceBody) => postJson<null>('/swap/preference/price', { ...body });

/** Open orders and waiting plans of a contract: a mode switch is refused while there are any. */
export const currentOrders = (symbol: string) =>
  postJson<Current>('/swap/order/current', { symbol, pageNo: 1, pageSize: 1 }, { silent: true });

/** The contract's terms and the user's settings (trade-init); `reload` after a setting changed. */
export function useTradeInit(symbol: string, token: string | null) {
  const [state, setState] = useState<{ data: TradeInit | null; error: string | null }>({ data: null, error: null });
  const [version, setVersion] = useState(0);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the token and version re-read it.
  useEffect(() => {
    const controller = new AbortController();
    void get<TradeInit>('/swap/trade-init', { symbol }, { signal: controller.signal, silent: true }).then((result) => {
      if (result.aborted) return;
      setState(result.data ? { data: result.data, error: null } : { data: null, error: refusal(result) });
    });
    return () => controller.abort();
  }, [symbol, token, version]);
  const reload = useCallback(() => setVersion((v) => v + 1), []);
  return { ...state, reload };
}
