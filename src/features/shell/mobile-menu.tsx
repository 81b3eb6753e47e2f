import { useEffect, useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { assetMenu, type MenuItem, mainMenu, onlyBuilt, USER_MENU } from '../../app/menu.ts';
import { isBuiltPath, type RouteDef } from '../../app/routes.ts';
import { useShell } from '../../app/shell-state.tsx';
import { currencySymbol, DISPLAY_CURRENCIES } from '../../format/currency.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Drawer } from '../../ui/drawer.tsx';
import { ChevronDownIcon, MenuIcon } from '../../ui/icons.tsx';
import { AuthButtons, HELP_LINKS, LanguageSwitch, ThemeSwitch, useLogout } from './header-controls.tsx';

/**
 * The mobile header's menu (spec shell §9: below the 768 px breakpoint): a button that opens a drawer with every entry
 * of the desktop header — the main menu and its sub-menus, login and register or the user's menus, language, display
 * currency and theme. It closes on navigation, on Escape and on a press beside it.
 */
export function MobileMenu({ route }: { route: RouteDef | null }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [location] = useLocation();
  // A navigation closes it (a link to the page already shown closes it through onClick below).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on each new location.
  useEffect(() => setOpen(false), [location]);
  return (
    <Drawer
      open={open}
      onOpenChange={setOpen}
      trigger={<MenuIcon />}
      triggerLabel={t('header.openMenu')}
      triggerClassName="icon-btn mobile-menu-button"
      title={t('header.menu')}
      closeLabel={t('common.close')}
      className="mobile-menu"
      testId="mobile-menu"
    >
      {/* biome-ignore lint/a11y/noStaticElementInteractions lint/a11y/useKeyWithClickEvents: the links are the controls; this only closes the drawer after one is followed. */}
      <div
        onClick={(event) => {
          if ((event.target as Element).closest('a')) setOpen(false);
        }}
      >
        <AccountSection route={route} />
        <NavSection route={route} />
        <SettingsSection route={route} />
      </div>
    </Drawer>
  );
}

function NavSection({ route }: { route: RouteDef | null }) {
  const { t } = useTranslation();
  const shell = useShell();
  const menu = onlyBuilt(mainMenu(shell));
  return (
    <nav className="mobile-section" aria-label={t('header.menu')}>
      <ul className="mobile-list">
        {menu.map((item) => (
          <li key={item.label}>
            {item.children && item.children.length > 1 ? (
              <SubMenu item={item} active={route?.nav === item.nav} />
            ) : (
              <Link href={item.to} className={`mobile-link${route?.nav === item.nav ? ' active' : ''}`}>
                {t(item.label)}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** A menu entry with children: a disclosure button that shows or hides them. */
function SubMenu({ item, active }: { item: MenuItem; active: boolean }) {
  const { t } = useTranslation();
  const [expanded, setExpanded] = useState(active);
  const id = useId();
  return (
    <>
      <button
        type="button"
        className={`mobile-link mobile-disclosure${active ? ' active' : ''}`}
        aria-expanded={expanded}
        aria-controls={id}
        onClick={() => setExpanded(!expanded)}
      >
        {t(item.label)} <ChevronDownIcon />
      </button>
      <ul className="mobile-list mobile-sublist" id={id} hidden={!expanded}>
        {item.children?.map((child) => (
          <li key={child.label}>
            <Link href={child.to} className="mobile-link">
              {t(child.label)}
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}

function AccountSection({ route }: { route: RouteDef | null }) {
  const { t } = useTranslation();
  const shell = useShell();
  const onLogout = useLogout(route);
  if (!shell.isLogin) {
    return <AuthButtons className="mobile-section mobile-auth" />;
  }
  type Entry = { label: MenuItem['label'] | (typeof HELP_LINKS)[number]['label'] | 'header.messages'; to: string };
  const links: Entry[] = [
    ...onlyBuilt(assetMenu(shell)),
    ...onlyBuilt(USER_MENU),
    { label: 'header.messages', to: '/message?type=message' } as const,
    ...HELP_LINKS,
  ].filter((l) => isBuiltPath(l.to));
  return (
    <div className="mobile-section">
      <div className="mobile-user">
        <div className="user-name">{shell.user?.username ?? '--'}</div>
        <div className="muted small">
          {t('user.uid')}: {shell.user?.uid ?? shell.user?.id ?? '--'}
        </div>
      </div>
      <ul className="mobile-list mobile-grid">
        {links.map((l) => (
          <li key={l.to}>
            <Link href={l.to} className="mobile-link">
              {t(l.label)}
            </Link>
          </li>
        ))}
      </ul>
      <button type="button" className="menu-action" onClick={() => void onLogout()}>
        {t('user.logout')}
      </button>
    </div>
  );
}

function SettingsSection({ route }: { route: RouteDef | null }) {
  const { t } = useTranslation();
  const { currency, setCurrency } = useShell();
  return (
    <div className="mobile-section mobile-settings">
      <div className="mobile-setting">
        <span>{t('header.language')}</span>
        <LanguageSwitch testId="mobile-language-switch" />
      </div>
      <fieldset className="mobile-setting">
        <legend>{t('header.currency')}</legend>
        <div className="mobile-currencies">
          {DISPLAY_CURRENCIES.map((c) => (
            <button
              key={c}
              type="button"
              className={`mobile-chip${c === currency ? ' selected' : ''}`}
              aria-pressed={c === currency}
              title={currencySymbol(c)}
              onClick={() => setCurrency(c)}
            >
              {c}
            </button>
          ))}
        </div>
      </fieldset>
      {route?.isCaseTheme && (
        <div className="mobile-setting">
          <span>{t('header.theme')}</span>
          <ThemeSwitch />
        </div>
      )}
    </div>
  );
}
