import { useEffect, useState } from 'react';
import { COUNTDOWN_TICK_MS } from './rules.ts';

/** The server's time, recomputed every second (spec shell §9: countdown tick 1 s); `offset` from clockOffset. */
export function useServerNow(offset: number, running = true): number {
  const [now, setNow] = useState(() => Date.now() + offset);
  useEffect(() => {
    setNow(Date.now() + offset);
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now() + offset), COUNTDOWN_TICK_MS);
    return () => clearInterval(timer);
  }, [offset, running]);
  return now;
}

/** The page's theme as the shell set it on <html data-theme>, following its changes. */
const readTheme = (): 'light' | 'dark' => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

export function useDocumentTheme(): 'light' | 'dark' {
  const [theme, setTheme] = useState<'light' | 'dark'>(readTheme);
  useEffect(() => {
    const observer = new MutationObserver(() => setTheme(readTheme()));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    setTheme(readTheme());
    return () => observer.disconnect();
  }, []);
  return theme;
}
