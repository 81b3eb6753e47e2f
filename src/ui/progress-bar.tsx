import { useEffect, useState } from 'react';
import { proxy, useSnapshot } from 'valtio';
import { useTranslation } from '../i18n/use-translation.ts';

/** The navigation progress bar (spec shell §4): counts pending steps; shown while any is pending. */
const steps = proxy({ pending: 0 });
export const progress = {
  /** One more pending step; call what it returns when the step is done (twice is harmless). */
  start(): () => void {
    steps.pending++;
    let done = false;
    return () => {
      if (done) return;
      done = true;
      steps.pending = Math.max(0, steps.pending - 1);
    };
  },
};

/** Mount inside a Suspense fallback: the bar runs while the lazy page loads. */
export function ProgressWhileMounted() {
  useEffect(() => progress.start(), []);
  return null;
}

export function ProgressBar() {
  const { t } = useTranslation();
  const busy = useSnapshot(steps).pending > 0;
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
  return (
    <div
      className={`nav-progress ${phase}`}
      role="progressbar"
      aria-label={t('common.loading')}
      aria-hidden={phase === 'idle'}
      data-busy={busy}
    />
  );
}
