import { useCallback, useEffect, useState } from 'react';
import type { Envelope } from '../../common/api.ts';
import { isSuccess } from './request.ts';

export type RequestState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; data: T };

/** A plain fetch hook (DESIGN §2): runs `load` on mount and on `reload`, aborting a stale run. */
export function useRequest<T>(load: (signal: AbortSignal) => Promise<Envelope<T | null>>): {
  state: RequestState<T>;
  reload: () => void;
} {
  const [state, setState] = useState<RequestState<T>>({ status: 'loading' });
  const [run, setRun] = useState(0);
  const reload = useCallback(() => setRun((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is the reload trigger.
  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    load(controller.signal).then(
      (envelope) => {
        if (controller.signal.aborted) return;
        if (isSuccess(envelope.code) && envelope.data !== null) setState({ status: 'done', data: envelope.data });
        else setState({ status: 'error', message: envelope.message });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: String(error) });
      },
    );
    return () => controller.abort();
  }, [load, run]);
  return { state, reload };
}
