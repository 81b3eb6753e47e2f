import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { clearSession, hasOrphanToken } from './api/session.ts';
import { App } from './app/app.tsx';
import { storedTheme } from './app/preferences.ts';
import { findRoute, themeFor } from './app/routes.ts';
import { startUpDown } from './app/up-down.ts';
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
  const lang = resolveLang(location.pathname);
  void i18n.changeLanguage(lang);
  document.documentElement.lang = HTML_LANG[lang];

  const root = document.getElementById('root');
  if (!root) throw new Error('index.html has no #root');
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
