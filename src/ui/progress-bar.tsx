import { useEffect, useState, useSyncExternalStore } from 'react';

/** The navigation progress bar (spec shell §4): counts pending steps; shown while any is pending. */
let pending = 0;
const listeners = new Set<() => void>();
function emit() {
  for (const l of listeners) l();
}
export const progress = {
  start(): () => void {
    pending++;
    emit();
    let done = false;
    return () => {
      if (done) return;
      done = true;
      pending = Math.max(0, pending - 1);
      emit();
    };
  },
};

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Mount inside a Suspense fallback: the bar runs while the lazy page loads. */
export function ProgressWhileMounted() {
  useEffect(() => progress.start(), []);
  return null;
}

export function ProgressBar() {
  const busy = useSyncExternalStore(
    subscribe,
    () => pending > 0,
    () => false,
  );
  const [phase, setPhase] = useState<'idle' | 'running' | 'finishing'>('idle');
  useEffect(() => {
    if (busy) {
      setPhase('running');
      return;
    }
    setPhase((p) => (p === 'running' ? 'finishing' : p));
    const t = setTimeout(() => setPhase('idle'), 350);
    return () => clearTimeout(t);
  }, [busy]);
  return <div className={`nav-progress ${phase}`} role="progressbar" aria-hidden={phase === 'idle'} data-busy={busy} />;
}
