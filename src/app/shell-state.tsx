import {
  createContext,
  type Dispatch,
  type ReactNode,
  type SetStateAction,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
} from 'react';
import type { Static } from 'typebox';
import type {
  FollowConfigSchema,
  IndexConfig,
  LanguageDicSchema,
  LanguageWordsSchema,
} from '../../common/contracts/shell.ts';
import type { ExchangeRate } from '../../common/contracts/spot-market.ts';
import type { Lang } from '../../common/i18n.ts';
import { get, isSuccess, post } from '../api/request.ts';
import { getToken, type SessionUser, useSession } from '../api/session.ts';
import { type DisplayCurrency, defaultCurrency } from '../format/currency.ts';
import { currentLanguage, i18n } from '../i18n/i18n.ts';
import { LANGS, prefixOf, splitLangPrefix, storeLang } from '../i18n/languages.ts';
import { whenIdle } from './idle.ts';
import { setDisplayCurrency, usePreferences } from './preferences.ts';
import { groupCountry, isVnGroup } from './user-group.ts';

/** User info as the header reads it (spec shell §3); the new-member and sim switches come with the page data. */
export type ShellUser = SessionUser;

export interface ShellState {
  lang: Lang;
  isLogin: boolean;
  user: ShellUser | null;
  vnGroup: boolean;
  hasSim: boolean;
  newMember: boolean;
  /** Page data: the APK link. */
  apk: string;
  followEnable: boolean;
  followStatus: number;
  currency: DisplayCurrency;
  /** Units of the display currency per USDT; null until known. */
  rate: string | null;
  setCurrency(currency: DisplayCurrency): void;
  /** Language switch of spec shell §4: store, save to personal settings, set-language, reload. */
  switchLanguage(lang: Lang): Promise<void>;
  /** Language options: the server's list (code 200) when it has one, else the seven. */
  languages: readonly Lang[];
}

const ShellContext = createContext<ShellState | null>(null);

export function useShell(): ShellState {
  const state = useContext(ShellContext);
  if (!state) throw new Error('useShell outside ShellProvider');
  return state;
}

/** Lists inside `data` of the content endpoints, whichever field holds them. */
export function listOf<T>(data: unknown): T[] {
  if (Array.isArray(data)) return data as T[];
  if (data && typeof data === 'object') {
    for (const key of ['list', 'content', 'records', 'articles', 'rows', 'items']) {
      const value = (data as Record<string, unknown>)[key];
      if (Array.isArray(value)) return value as T[];
    }
  }
  return [];
}

/** The URL to load after a language change: the same page under the new language's prefix when one was used. */
export function urlForLanguage(lang: Lang, loc: { pathname: string; search: string; hash: string }): string {
  const { prefix, rest } = splitLangPrefix(loc.pathname);
  if (!prefix) return `${loc.pathname}${loc.search}${loc.hash}`;
  const next = prefixOf(lang);
  const path = rest === '/' ? next || '/' : `${next}${rest}`;
  return `${path}${loc.search}${loc.hash}`;
}

/** The shell's config answers: the copy-trading entry, the language list and the server's content words. */
function loadShellConfig(
  lang: Lang,
  setFollow: Dispatch<SetStateAction<{ enable: boolean; status: number }>>,
  setPageData: Dispatch<SetStateAction<{ hasSim: boolean; newMember: boolean; apk: string }>>,
  setLanguages: Dispatch<SetStateAction<readonly Lang[]>>,
): void {
  // App config and follow config decide the copy-trading entry (spec shell §4); quiet until the server has them.
  void get<IndexConfig>('/uc/app-config-switch/index-config', {}, { silent: true }).then((r) => {
    if (!isSuccess(r.code) || !r.data) return;
    const d = r.data;
    setFollow((f) => ({ ...f, enable: !!d.followEnable }));
    setPageData({ hasSim: !!d.hasSim, newMember: !!d.newMember, apk: d.apk ?? '' });
  });
  void get<Static<typeof FollowConfigSchema>>('/rest/c/derivative/follow/config/switch', {}, { silent: true }).then(
    (r) => {
      if (isSuccess(r.code)) setFollow((f) => ({ ...f, status: Number(r.data?.status ?? 0) }));
    },
  );
  void get<Static<typeof LanguageDicSchema>>('/api/getLanguageDic', {}, { silent: true }).then((r) => {
    if (r.code !== 200) return;
    const known = listOf<{ value: string }>(r.data)
      .map((o) => o.value)
      .filter((v): v is Lang => (LANGS as readonly string[]).includes(v));
    // The same list again keeps the state as it is: a new array would render every reader of the shell.
    if (known.length) setLanguages((now) => (now.join() === known.join() ? now : known));
  });
  // Server-side translations (content words) apply only on code 200 (spec shell §7); kept in their own namespace.
  void get<Static<typeof LanguageWordsSchema>>('/api/getLanguage', { langCode: lang }, { silent: true }).then((r) => {
    const words = r.data?.translations ?? r.data;
    if (r.code === 200 && words && typeof words === 'object') {
      i18n.addServerWords(lang, words);
    }
  });
}

export function ShellProvider({ children }: { children: ReactNode }) {
  const session = useSession();
  const preferences = usePreferences();
  const token = session.token;
  const user = token ? (session.user as ShellUser | null) : null;
  const lang = currentLanguage();
  const [follow, setFollow] = useState({ enable: false, status: 0 });
  const [pageData, setPageData] = useState({ hasSim: false, newMember: false, apk: '' });
  const [fetchedRate, setFetchedRate] = useState<{ currency: string; rate: string } | null>(null);
  const [languages, setLanguages] = useState<readonly Lang[]>(LANGS);
  const country = groupCountry(user);
  const currency = preferences.currency ?? defaultCurrency(country);
  // Derived, not set from an effect: a state set once the page has committed renders the whole shell a second time
  // (in the terminal's cold load, before its first paint).
  const rate = currency === 'USDT' ? '1' : fetchedRate?.currency === currency ? fetchedRate.rate : null;

  // Asked for once the page is idle: on a cold load they would take the main thread and connections the page's
  // own first requests and render need (issue 22 item 1); what they change appears a moment later.
  useEffect(() => whenIdle(() => loadShellConfig(lang, setFollow, setPageData, setLanguages)), [lang]);

  useEffect(() => {
    if (currency === 'USDT') return;
    let live = true;
    void get<ExchangeRate>(`/market/exchange-rate/${currency.toLowerCase()}/usdt`, {}, { silent: true }).then((r) => {
      const inverse = r.data?.inverse;
      if (live && isSuccess(r.code) && inverse) setFetchedRate({ currency, rate: inverse });
    });
    return () => {
      live = false;
    };
  }, [currency]);

  const switchLanguage = useCallback(async (next: Lang) => {
    storeLang(next);
    if (getToken()) await post('/uc/member/personalize/set', { lang: next }, { silent: true });
    await get('/api/setLanguage', { langCode: next }, { silent: true });
    const target = urlForLanguage(next, location);
    if (target === `${location.pathname}${location.search}${location.hash}`) location.reload();
    else location.assign(target);
  }, []);

  const value = useMemo<ShellState>(
    () => ({
      lang,
      isLogin: !!token,
      user,
      vnGroup: isVnGroup(user),
      hasSim: pageData.hasSim,
      newMember: pageData.newMember,
      apk: pageData.apk,
      followEnable: follow.enable,
      followStatus: follow.status,
      currency,
      rate,
      setCurrency: setDisplayCurrency,
      switchLanguage,
      languages,
    }),
    [lang, token, user, follow, pageData, currency, rate, switchLanguage, languages],
  );
  return <ShellContext.Provider value={value}>{children}</ShellContext.Provider>;
}
