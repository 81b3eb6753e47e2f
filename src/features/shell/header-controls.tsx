import { Link, useLocation } from 'wouter';
import { clearSession } from '../../api/session.ts';
import { logout } from '../../api/shell.ts';
import { showToast } from '../../api/toast.ts';
import { setStoredTheme, usePreferences } from '../../app/preferences.ts';
import type { RouteDef } from '../../app/routes.ts';
import { useShell } from '../../app/shell-state.tsx';
import { LANGUAGE_NAMES, type Lang } from '../../i18n/languages.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { GlobeIcon, MoonIcon, SunIcon } from '../../ui/icons.tsx';

// Controls the desktop header and the mobile menu drawer both show (spec shell §2 "Always").

/** spec shell §4: logout reloads after 1 s on a route that does not need login. */
export const LOGOUT_RELOAD_MS = 1000;

export const HELP_LINKS = [
  { label: 'header.helpCenter', to: '/help' },
  { label: 'header.feedback', to: '/feedback' },
  { label: 'header.channelVerification', to: '/support-center/channel-verification' },
] as const;

/** Logout (spec shell §4): clear the token, then /login when the route needs login, else reload after 1 s. */
export function useLogout(route: RouteDef | null): () => Promise<void> {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  return async () => {
    if (!(await logout())) return;
    clearSession();
    showToast('success', t('user.loggedOut'));
    if (route?.needLogin) navigate('/login');
    else setTimeout(() => location.reload(), LOGOUT_RELOAD_MS);
  };
}

export function LanguageSwitch({ testId = 'language-switch' }: { testId?: string }) {
  const { t } = useTranslation();
  const { lang, languages, switchLanguage } = useShell();
  return (
    <label className="switch-select" title={t('header.language')}>
      <GlobeIcon />
      <span className="visually-hidden">{t('header.language')}</span>
      <select value={lang} onChange={(e) => void switchLanguage(e.target.value as Lang)} data-testid={testId}>
        {languages.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </select>
    </label>
  );
}

export function ThemeSwitch() {
  const { t } = useTranslation();
  const { theme } = usePreferences();
  const next = theme === 'dark' ? 'light' : 'dark';
  return (
    <button
      type="button"
      className="icon-btn theme-switch"
      onClick={() => setStoredTheme(next)}
      aria-label={t('header.toggleTheme')}
      title={next === 'dark' ? t('header.themeDark') : t('header.themeLight')}
      data-theme-current={theme}
    >
      {theme === 'dark' ? <SunIcon /> : <MoonIcon />}
    </button>
  );
}

/** Log in and register, for a visitor: in the header (small) and in the mobile menu. */
export function AuthButtons({ className, small = false }: { className: string; small?: boolean }) {
  const { t } = useTranslation();
  const size = small ? ' btn-sm' : '';
  return (
    <div className={className}>
      <Link href="/login" className={`btn btn-ghost${size}`}>
        {t('header.login')}
      </Link>
      <Link href="/register" className={`btn btn-primary${size}`}>
        {t('header.register')}
      </Link>
    </div>
  );
}
