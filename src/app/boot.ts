// The entry's first import, so it runs before React and the app evaluate: what the first render waits for (the
// route's page chunk, the language's chunk) starts loading here, not once the whole entry has run. Nothing it imports
// may import React, whose modules would then evaluate first.

import { resolveLang, splitLangPrefix } from '../i18n/languages.ts';
import { LOCALE_LOADERS } from '../i18n/locale-loaders.ts';
import { PAGES } from './pages.ts';
import { findRoute } from './routes.ts';

const route = findRoute(splitLangPrefix(location.pathname).rest)?.route;
// main.tsx asks the same loader again and gets this load (app/pages.ts); the translator's load imports the same chunk.
if (route?.page) void PAGES[route.path]?.();
void LOCALE_LOADERS[resolveLang(location.pathname)]().catch(() => undefined);
