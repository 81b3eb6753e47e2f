// Hot data for canvas panels: the latest snapshot of a view, read outside React so a tick never re-renders a panel.
import { useEffect, useRef } from 'react';
import type { Snapshot, ViewSpec } from '../../../workers/api.ts';
import { dataStore } from '../../data/hooks.ts';

/**
 * Calls `onSnapshot` with each snapshot of `spec` (and the current one at once, when there is one) while mounted; the
 * worker posts the view only while `visible`. Returns a ref to the latest snapshot, for drawing.
 */
export function useViewData<K extends Snapshot['kind']>(
  spec: ViewSpec & { kind: K },
  visible: boolean,
  onSnapshot: (snapshot: Extract<Snapshot, { kind: K }>) => void,
): { readonly current: Extract<Snapshot, { kind: K }> | null } {
  const latest = useRef<Extract<Snapshot, { kind: K }> | null>(null);
  const callback = useRef(onSnapshot);
  callback.current = onSnapshot;
  const key = JSON.stringify(spec);
  const visibleRef = useRef(visible);
  const held = useRef<ReturnType<ReturnType<typeof dataStore>['watch']> | null>(null);
  // The key stands for the spec.
  useEffect(() => {
    const store = dataStore();
    const parsed = JSON.parse(key) as ViewSpec;
    const read = () => {
      const snapshot = store.get(parsed) as Extract<Snapshot, { kind: K }> | null;
      if (!snapshot) return;
      latest.current = snapshot;
      callback.current(snapshot);
    };
    latest.current = null;
    const subscription = store.watch(parsed, read, visibleRef.current);
    held.current = subscription;
    read();
    return () => {
      subscription.close();
      if (held.current === subscription) held.current = null;
    };
  }, [key]);
  useEffect(() => {
    visibleRef.current = visible;
    held.current?.setVisible(visible);
  }, [visible]);
  return latest;
}
