import { proxy, subscribe } from 'valtio';

/** Toasts raised outside React (the request layer, spec shell §8) or inside it; the shell's toaster shows them. */
export type ToastKind = 'error' | 'success' | 'info' | 'warning';
export interface Toast {
  kind: ToastKind;
  text: string;
}
export interface ShownToast extends Toast {
  id: number;
}

/** Each toast shows for 3 s. */
export const TOAST_MS = 3000;
/** At most this many earlier toasts stay beside a new one. */
const KEEP = 3;

/** The toasts on screen, newest last (a valtio store: the toaster renders it). */
export const toasts = proxy<{ shown: ShownToast[] }>({ shown: [] });
let lastId = 0;

/** Shows a toast for {@link TOAST_MS}; the same text again replaces the earlier one. */
export function showToast(kind: ToastKind, text: string): void {
  const id = ++lastId;
  toasts.shown = [...toasts.shown.filter((t) => t.text !== text).slice(-KEEP), { kind, text, id }];
  setTimeout(() => {
    toasts.shown = toasts.shown.filter((t) => t.id !== id);
  }, TOAST_MS);
}

/** Calls `listener` with every toast shown from now on (tests and logs read them); returns the unsubscribe. */
export function onToast(listener: (toast: Toast) => void): () => void {
  let seen = lastId;
  return subscribe(
    toasts,
    () => {
      for (const t of toasts.shown) {
        if (t.id <= seen) continue;
        seen = t.id;
        listener({ kind: t.kind, text: t.text });
      }
    },
    true,
  );
}
