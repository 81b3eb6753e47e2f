/** Toasts raised outside React (the request layer, spec shell §8); the shell's toaster shows them. */
export type ToastKind = 'error' | 'success' | 'info' | 'warning';
export interface Toast {
  kind: ToastKind;
  text: string;
}

const listeners = new Set<(toast: Toast) => void>();

export function showToast(kind: ToastKind, text: string): void {
  for (const listener of listeners) listener({ kind, text });
}

export function onToast(listener: (toast: Toast) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
