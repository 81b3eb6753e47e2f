import { useCallback, useEffect, useState } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { type CoinInfo, loadCoins } from './api.ts';

export type CoinsState =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; coins: CoinInfo[] };

// The catalogue changes with a release, not while a page is open: one request serves every screen of the session.
let cached: Promise<CoinInfo[]> | null = null;

function fetchCoins(): Promise<CoinInfo[]> {
  cached ??= loadCoins().then((r) => {
    if (isSuccess(r.code) && r.data) return r.data;
    cached = null;
    throw new Error(r.message);
  });
  return cached;
}

/** The coins with their networks (/uc/coin/v2/list), loaded once; `retry` after a failure. */
export function useCoins(): { state: CoinsState; retry: () => void } {
  const [state, setState] = useState<CoinsState>({ status: 'loading' });
  const [run, setRun] = useState(0);
  const retry = useCallback(() => setRun((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is the retry trigger.
  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    fetchCoins().then(
      (coins) => live && setState({ status: 'done', coins }),
      (error: unknown) => live && setState({ status: 'error', message: error instanceof Error ? error.message : '' }),
    );
    return () => {
      live = false;
    };
  }, [run]);
  return { state, retry };
}
