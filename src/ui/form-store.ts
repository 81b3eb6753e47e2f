import { useCallback, useRef, useState } from 'react';
import { proxy, useSnapshot } from 'valtio';

/**
 * A form's state in a valtio store, changed only through its pure model (dYdX-style headless forms): `dispatch` runs
 * the model's reducer, `set` takes a state the model computed (a submit plan), `current` reads the latest state in
 * handlers that run after an await. Typed text updates synchronously, so the caret stays where it is.
 */
export function useFormModel<S extends object, A>(reduce: (state: S, action: A) => S, init: () => S) {
  const [store] = useState(() => proxy({ state: init() }));
  const state = useSnapshot(store, { sync: true }).state as S;
  // The latest reducer (it may close over props), behind a stable dispatch.
  const reducer = useRef(reduce);
  reducer.current = reduce;
  // The live state (not a frozen snapshot), so what the model builds from it can go back into the store.
  const current = useCallback(() => store.state, [store]);
  const set = useCallback(
    (next: S) => {
      store.state = next;
    },
    [store],
  );
  const dispatch = useCallback(
    (action: A) => {
      store.state = reducer.current(store.state, action);
    },
    [store],
  );
  return { state, dispatch, set, current };
}
