import { useEffect, useState } from 'react';
import { onToast, type Toast } from '../api/toast.ts';

interface Shown extends Toast {
  id: number;
}
const SHOW_MS = 3000;
let next = 0;

/** Shows the toasts of the request layer and the shell (spec shell §8), newest last, each for 3 s. */
export function Toaster() {
  const [toasts, setToasts] = useState<Shown[]>([]);
  useEffect(
    () =>
      onToast((toast) => {
        const id = ++next;
        setToasts((all) => [...all.filter((t) => t.text !== toast.text).slice(-3), { ...toast, id }]);
        setTimeout(() => setToasts((all) => all.filter((t) => t.id !== id)), SHOW_MS);
      }),
    [],
  );
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((t) => (
        <div key={t.id} className={`toast toast-${t.kind}`} role={t.kind === 'error' ? 'alert' : 'status'}>
          {t.text}
        </div>
      ))}
    </div>
  );
}
