// One page of a contract history list over REST: fetched for the tab, the filter and the page asked for, never polled.
import { useEffect, useState } from 'react';
import { isAborted, post } from '../../../api/request.ts';
import { HISTORY_PAGE_SIZE } from './rules.ts';

export interface PageState<T> {
  records: readonly T[];
  total: number;
  loading: boolean;
  failed: boolean;
}

/** Page `page` (from 1) of `path` for `symbol` (null: every contract); `reload` fetches the same page again. */
export function usePage<T>(path: string, symbol: string | null, page: number, reload: string): PageState<T> {
  const [state, setState] = useState<PageState<T>>({ records: [], total: 0, loading: true, failed: false });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `reload` asks for the same page again.
  useEffect(() => {
    const controller = new AbortController();
    setState((s) => ({ ...s, loading: true }));
    const params = { pageNo: page, pageSize: HISTORY_PAGE_SIZE, ...(symbol ? { symbol } : {}) };
    void post<{ records: T[]; total: number }>(path, params, { signal: controller.signal, silent: true }).then(
      (answer) => {
        if (isAborted(answer)) return;
        if (answer.data)
          setState({ records: answer.data.records, total: answer.data.total, loading: false, failed: false });
        else setState((s) => ({ ...s, loading: false, failed: true }));
      },
    );
    return () => controller.abort();
  }, [path, symbol, page, reload]);
  return state;
}
