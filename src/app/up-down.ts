/**
 * The up/down colour preference (spec shell /preferences: 1 green up, 2 red up), applied app-wide by swapping the
 * --up and --down variables on <html>. Kept in local storage so it holds before the first paint; the personal
 * settings on the server are the source after login (the account screens call setUpDown with their value).
 */
export type UpDown = 'green-up' | 'red-up';

export const UP_DOWN_KEY = 'upDown';
/** Fired on window after a change, so canvas panels (which read the variables at mount) can repaint. */
export const UP_DOWN_EVENT = 'tickstream:updown';
// The theme's own green and red (src/app/app.css): the light theme's are darker, for contrast on white.
const GREEN = 'var(--green)';
const RED = 'var(--red)';

/** The server's colour code (2 red up; anything else green up). */
export function upDownOfColor(color: number | null | undefined): UpDown {
  return color === 2 ? 'red-up' : 'green-up';
}
export function colorOfUpDown(mode: UpDown): 1 | 2 {
  return mode === 'red-up' ? 2 : 1;
}

export function storedUpDown(): UpDown {
  try {
    return globalThis.localStorage?.getItem(UP_DOWN_KEY) === 'red-up' ? 'red-up' : 'green-up';
  } catch {
    return 'green-up';
  }
}

/** Sets the attribute and, for red up, the swapped variables inline (they win over both themes' rules). */
export function applyUpDown(mode: UpDown, root: HTMLElement = document.documentElement): void {
  root.dataset.updown = mode;
  if (mode === 'red-up') {
    root.style.setProperty('--up', RED);
    root.style.setProperty('--down', GREEN);
  } else {
    root.style.removeProperty('--up');
    root.style.removeProperty('--down');
  }
}

/** Stores, applies and announces a choice (a server colour code or a mode). */
export function setUpDown(choice: UpDown | number | null | undefined): void {
  const mode = typeof choice === 'string' ? choice : upDownOfColor(choice);
  const changed = mode !== storedUpDown() || document.documentElement.dataset.updown !== mode;
  try {
    globalThis.localStorage?.setItem(UP_DOWN_KEY, mode);
  } catch {
    // storage disabled: the choice lasts for this page
  }
  applyUpDown(mode);
  if (changed) globalThis.dispatchEvent?.(new CustomEvent(UP_DOWN_EVENT, { detail: mode }));
}

/** At startup: applies the stored choice and follows changes made in other tabs. Answers the clean-up. */
export function startUpDown(): () => void {
  applyUpDown(storedUpDown());
  const onStorage = (e: StorageEvent) => {
    if (e.key === UP_DOWN_KEY || e.key === null) setUpDown(storedUpDown());
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => globalThis.removeEventListener?.('storage', onStorage);
}
