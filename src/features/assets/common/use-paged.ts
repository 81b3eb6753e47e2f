import { useCallback, useEffect, useRef, useState } from 'react';
import type { ApiResult } from '../../../api/request.ts';
import { isSuccess } from '../../../api/request.ts';
import type { Page } from './api.ts';
import { LIVE_REFRESH_MS } from './model.ts';

export type PagedState<P> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'done'; page: P };

/**
 * A record table's data (plain fetch hook, DESIGN §2): page `pageNo` of `load`, again on `reload`, and again every
 * LIVE_REFRESH_MS while `moving(page)` says a record is still changing (confirmations, review, processing).
 */
export function usePaged<T, P extends Page<T>>(
  load: (pageNo: number) => Promise<ApiResult<P>>,
  moving: (page: P) => boolean,
): { state: PagedState<P>; pageNo: number; setPageNo: (n: number) => void; reload: () => void } {
  const [state, setState] = useState<PagedState<P>>({ status: 'loading' });
  const [pageNo, setPageNo] = useState(1);
  const [run, setRun] = useState(0);
  const reload = useCallback(() => setRun((n) => n + 1), []);
  const movingRef = useRef(moving);
  movingRef.current = moving;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is the reload trigger.
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    void load(pageNo).then((r) => {
      if (!live) return;
      if (isSuccess(r.code) && r.data) {
        const page = r.data;
        setState({ status: 'done', page });
        if (movingRef.current(page)) timer = setTimeout(() => setRun((n) => n + 1), LIVE_REFRESH_MS);
      } else {
        setState((s) => (s.status === 'done' ? s : { status: 'error', message: r.message }));
      }
    });
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [load, pageNo, run]);

  return { state, pageNo, setPageNo, reload };
}
