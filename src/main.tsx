// First: starts the page's chunks loading before the rest of the entry evaluates.
import './app/boot.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SPOT_MARKET_LIST } from '../common/market.ts';
import { clearSession, hasOrphanToken } from './api/session.ts';
import { App } from './app/app.tsx';
import { PAGES } from './app/pages.ts';
import { storedTheme } from './app/preferences.ts';
import { findRoute, themeFor } from './app/routes.ts';
import { startUpDown } from './app/up-down.ts';
import { canPaintInWorker } from './canvas/ladder-canvas.ts';
import { fetchEarly } from './data/early-lists.ts';
import { dataClient, dataStore } from './data/hooks.ts';
import { parseTradeLocation } from './features/trade/market.ts';
import { i18n } from './i18n/i18n.ts';
import { HTML_LANG, resolveLang, splitLangPrefix } from './i18n/languages.ts';
import './app/app.css';

// spec shell §4: a token kept only in session storage with no matching cookie is cleared and the page reloaded.
if (hasOrphanToken()) {
  clearSession();
  location.reload();
} else {
  // A page restored from the back/forward cache reloads (spec shell §4).
  addEventListener('pageshow', (event) => {
    if (event.persisted) location.reload();
  });
  // The route's theme before the first paint, so a dark page does not flash light.
  const route = findRoute(splitLangPrefix(location.pathname).rest)?.route;
  document.documentElement.dataset.theme = themeFor(route, storedTheme());
  startUpDown();
  // The page's chunk, loading since app/boot.ts ran.
  const pageLoad = route?.page ? PAGES[route.path]?.() : undefined;
  const lang = resolveLang(location.pathname);
  // A trading page's data worker and socket start now, and the worker that paints its order book; the spot
  // terminal's market list is asked for once, for its first render and the worker's books (data/early-lists.ts).
  if (route?.dark) {
    dataStore();
    if (canPaintInWorker()) dataClient().preparePainting();
    const spot = parseTradeLocation(location.pathname, location.search).type === 'spot';
    if ((route.path === '/trade' || route.path === '/trade/:pair') && spot) {
      fetchEarly(SPOT_MARKET_LIST, lang);
    }
  }
  document.documentElement.lang = HTML_LANG[lang];
  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  // The first render waits for the page's language (so no key ever shows) and for its page chunk, so it draws the
  // page itself, not a fallback and then the page in a second render (app/pages.ts).
  void Promise.allSettled([i18n.changeLanguage(lang), pageLoad]).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
