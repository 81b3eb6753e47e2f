import { useCallback, useEffect, useRef, useState } from 'react';
import type { Envelope } from '../../common/api.ts';
import { isSuccess } from './request.ts';

export type RequestState<T> =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'done'; data: T };

/** An answer, or one still on its way, that stands for the first run of `load` (src/data/early-lists.ts). */
export type FirstAnswer<T> = Envelope<T | null> | Promise<Envelope<T | null>>;

const stateOf = <T>(envelope: Envelope<T | null>): RequestState<T> =>
  isSuccess(envelope.code) && envelope.data !== null
    ? { status: 'done', data: envelope.data }
    : { status: 'error', message: envelope.message };

/**
 * A plain fetch hook (DESIGN §2): runs `load` on mount and on `reload`, aborting a stale run. `first`, when given,
 * is the mount's answer instead of a call: settled, the first render already shows it.
 */
export function useRequest<T>(
  load: (signal: AbortSignal) => Promise<Envelope<T | null>>,
  first?: FirstAnswer<T>,
): {
  state: RequestState<T>;
  reload: () => void;
} {
  const [state, setState] = useState<RequestState<T>>(() =>
    first && !(first instanceof Promise) ? stateOf(first) : { status: 'loading' },
  );
  const pending = useRef(first);
  const [run, setRun] = useState(0);
  const reload = useCallback(() => setRun((n) => n + 1), []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `run` is the reload trigger.
  useEffect(() => {
    const given = pending.current;
    pending.current = undefined;
    if (given && !(given instanceof Promise)) return;
    const controller = new AbortController();
    setState({ status: 'loading' });
    (given ?? load(controller.signal)).then(
      (envelope) => {
        if (!controller.signal.aborted) setState(stateOf(envelope));
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setState({ status: 'error', message: String(error) });
      },
    );
    return () => controller.abort();
  }, [load, run]);
  return { state, reload };
}
