import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useEffect } from 'react';
import { Router, useLocation, useSearch } from 'wouter';
import { setRequestHooks } from '../api/request.ts';
import { getToken, setUser, useIsLogin } from '../api/session.ts';
import { checkLoginAndLoadUser } from '../api/shell.ts';
import { Footer } from '../features/shell/footer.tsx';
import { Header } from '../features/shell/header.tsx';
import { NotFound } from '../features/shell/not-found.tsx';
import { ToBycoinAlert } from '../features/shell/to-bycoin-alert.tsx';
import { splitLangPrefix } from '../i18n/languages.ts';
import { ProgressBar, ProgressWhileMounted, progress } from '../ui/progress-bar.tsx';
import { Toaster } from '../ui/toaster.tsx';
import { PAGES } from './pages.ts';
import { usePreferences } from './preferences.ts';
import { decide, type RouteDef, themeFor } from './routes.ts';
import { ShellProvider } from './shell-state.tsx';

/** The router's base: the language prefix as written in the URL (`/ko`), or '' (spec shell §2). */
export function routerBase(pathname: string): string {
  const { prefix } = splitLangPrefix(pathname);
  return prefix ? `/${pathname.split('/')[1]}` : '';
}

const pages = new Map<RouteDef, ComponentType | LazyExoticComponent<ComponentType>>();
/** The route's page: the component itself once its chunk has loaded (no Suspense fallback and second render). */
function pageOf(route: RouteDef): ComponentType | LazyExoticComponent<ComponentType> | null {
  const load = route.page ? PAGES[route.path] : undefined;
  if (!load) return null;
  let page = pages.get(route);
  if (!page) {
    page = load.loaded ?? lazy(load);
    pages.set(route, page);
  }
  return page;
}

/** The master layout: guard, header, page, footer (spec shell §2, §4). */
function Shell() {
  const [pathname, navigate] = useLocation();
  const search = useSearch();
  const isLogin = useIsLogin();
  const { theme: stored } = usePreferences();
  const decision = decide(pathname, search, isLogin);
  const target = decision.kind === 'redirect' || decision.kind === 'login' ? decision.to : null;

  useEffect(() => {
    setRequestHooks({ forbidden: () => navigate('/login') });
  }, [navigate]);

  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, navigate]);

  // With a token: check login and load user info, on every navigation except /login (spec shell §4).
  useEffect(() => {
    if (!getToken() || pathname === '/login') return;
    const done = progress.start();
    let live = true;
    void checkLoginAndLoadUser()
      .then((user) => {
        if (live && user) setUser(user);
      })
      .finally(done);
    return () => {
      live = false;
      done();
    };
  }, [pathname]);

  const route = decision.kind === 'render' ? decision.route : null;
  const theme = themeFor(route, stored);
  useEffect(() => {
    document.documentElement.dataset.theme = theme;
    document.documentElement.style.colorScheme = theme;
  }, [theme]);

  const Page = route ? pageOf(route) : null;
  return (
    <div className="app-shell" data-route={route?.path ?? (decision.kind === 'notFound' ? 'not-found' : 'pending')}>
      <ProgressBar />
      {!route?.hideHeader && <Header route={route} />}
      <ToBycoinAlert search={search} />
      <main className="site-main">
        {Page ? (
          <Suspense fallback={<ProgressWhileMounted />}>
            <Page />
          </Suspense>
        ) : decision.kind === 'notFound' ? (
          <NotFound />
        ) : (
          <ProgressWhileMounted />
        )}
      </main>
      {route?.needFooter && <Footer />}
    </div>
  );
}

export function App() {
  return (
    <>
      <Router base={routerBase(location.pathname)}>
        <ShellProvider>
          <Shell />
        </ShellProvider>
      </Router>
      <Toaster />
    </>
  );
}
