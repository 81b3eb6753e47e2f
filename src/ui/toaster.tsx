import { useSnapshot } from 'valtio';
import { toasts } from '../api/toast.ts';

/** Shows the toasts of the request layer and the shell (spec shell §8), newest last, each for 3 s. */
export function Toaster() {
  const { shown } = useSnapshot(toasts);
  return (
    <div className="toaster" aria-live="polite">
      {shown.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
