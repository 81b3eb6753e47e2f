import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import {
  type AppLinks,
  loadAppLinks,
  loadBalances,
  loadMessages,
  loadNotices,
  loadUnreadCount,
  type Message,
  markAllRead,
  type Notice,
} from '../../api/shell.ts';
import { assetMenu, mainMenu, onlyBuilt, USER_MENU } from '../../app/menu.ts';
import { setBalancesShown, useBalancesShown } from '../../app/preferences.ts';
import { isBuiltPath, type RouteDef } from '../../app/routes.ts';
import { useShell } from '../../app/shell-state.tsx';
import {
  type AssetParts,
  assetTotal,
  currencySymbol,
  DISPLAY_CURRENCIES,
  formatCurrency,
} from '../../format/currency.ts';
import { formatDateTime } from '../../format/intl.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Dropdown } from '../../ui/dropdown.tsx';
import {
  BellIcon,
  ChevronDownIcon,
  DownloadIcon,
  EyeIcon,
  EyeOffIcon,
  HelpIcon,
  LogoMark,
  MailIcon,
  UserIcon,
  WalletIcon,
} from '../../ui/icons.tsx';
import { QrCode } from '../../ui/qr-code.tsx';
import { AuthButtons, HELP_LINKS, LanguageSwitch, ThemeSwitch, useLogout } from './header-controls.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { SymbolSearch } from './symbol-search.tsx';
import { TradeMenu } from './trade-menu.tsx';

/** A notice's or message's time (ms, or the server's `YYYY-MM-DD HH:mm:ss`) as the app shows dates. */
function formatTime(value: string | number | undefined): string {
  if (value === undefined || value === '') return '';
  const ms = typeof value === 'number' ? value : Date.parse(value.replace(' ', 'T'));
  return Number.isNaN(ms) ? String(value) : formatDateTime(ms);
}

/** The master layout's header (spec shell §2). */
export function Header({ route }: { route: RouteDef | null }) {
  const { t } = useTranslation();
  const shell = useShell();
  const menu = onlyBuilt(mainMenu(shell));
  return (
    <header className="site-header">
      <Link href="/" className="brand" aria-label="Tickstream">
        <LogoMark size={26} />
        <span className="brand-name">Tickstream</span>
      </Link>
      <nav className="main-nav" aria-label={t('nav.home')}>
        {menu.map((item) =>
          item.to === '/trade' && !item.children ? (
            <TradeMenu key={item.label} label={t(item.label)} active={route?.nav === item.nav} />
          ) : item.children && item.children.length > 1 ? (
            <Dropdown
              key={item.label}
              label={t(item.label)}
              active={route?.nav === item.nav}
              trigger={
                <>
                  {t(item.label)} <ChevronDownIcon />
                </>
              }
            >
              <ul className="menu-list">
                {item.children.map((child) => (
                  <li key={child.label}>
                    <Link href={child.to}>{t(child.label)}</Link>
                  </li>
                ))}
              </ul>
            </Dropdown>
          ) : (
            <Link key={item.label} href={item.to} className={`nav-link${route?.nav === item.nav ? ' active' : ''}`}>
              {t(item.label)}
            </Link>
          ),
        )}
      </nav>
      <div className="header-tools">
        <SymbolSearch />
        {shell.isLogin ? <SignedInTools route={route} /> : <AuthButtons className="auth-buttons" small />}
        <span className="tool-divider" aria-hidden="true" />
        <LanguageSwitch />
        <CurrencySwitch />
        {route?.isCaseTheme && <ThemeSwitch />}
      </div>
      <MobileMenu route={route} />
    </header>
  );
}

function SignedInTools({ route }: { route: RouteDef | null }) {
  return (
    <>
      <AssetsDropdown />
      <UserMenu route={route} />
      <NoticesDropdown />
      <MessagesDropdown />
      <HelpMenu />
      <DownloadMenu />
    </>
  );
}

function AssetsDropdown() {
  const { t } = useTranslation();
  const shell = useShell();
  const [parts, setParts] = useState<AssetParts | null | 'loading' | 'failed'>(null);
  // The stored show-eye flag, read on every render: the assets pages' eye changes it too (spec shell §4).
  const shown = useBalancesShown();
  // Balances load on the first hover (spec shell §4).
  const requested = useRef(false);
  const onOpen = useCallback(() => {
    if (requested.current) return;
    requested.current = true;
    setParts('loading');
    void loadBalances().then((b) => setParts(b ?? 'failed'));
  }, []);
  const total = parts && typeof parts === 'object' && shell.rate ? assetTotal(parts, shell.rate) : null;
  const items = onlyBuilt(assetMenu(shell));
  const toggle = () => setBalancesShown(!shown);
  return (
    <Dropdown
      className="assets-dropdown"
      align="right"
      label={t('assets.menu')}
      onOpen={onOpen}
      trigger={
        <>
          <WalletIcon /> <span className="tool-label">{t('assets.menu')}</span>
        </>
      }
    >
      <div className="assets-panel">
        <div className="assets-head">
          <span className="muted">{t('assets.totalValue')}</span>
          <button
            type="button"
            className="icon-btn"
            onClick={toggle}
            aria-label={shown ? t('assets.hideBalances') : t('assets.showBalances')}
            aria-pressed={!shown}
          >
            {shown ? <EyeIcon /> : <EyeOffIcon />}
          </button>
        </div>
        <div className="assets-total" data-testid="assets-total">
          {parts === 'loading' ? t('common.loading') : shown ? formatCurrency(total, shell.currency) : '******'}
        </div>
        {parts === 'failed' && <p className="muted small pad">{t('assets.unavailable')}</p>}
        {items.length > 0 && (
          <ul className="menu-list">
            {items.map((item) => (
              <li key={item.label}>
                <Link href={item.to}>{t(item.label)}</Link>
              </li>
            ))}
          </ul>
        )}
      </div>
    </Dropdown>
  );
}

function UserMenu({ route }: { route: RouteDef | null }) {
  const { t } = useTranslation();
  const { user } = useShell();
  const items = onlyBuilt(USER_MENU);
  const onLogout = useLogout(route);
  return (
    <Dropdown className="user-menu" align="right" label={user?.username ?? t('user.member')} trigger={<UserIcon />}>
      <div className="user-panel">
        <div className="user-name">{user?.username ?? '--'}</div>
        <div className="muted small">
          {t('user.uid')}: <span data-testid="user-uid">{user?.uid ?? user?.id ?? '--'}</span>
        </div>
      </div>
      {items.length > 0 && (
        <ul className="menu-list">
          {items.map((item) => (
            <li key={item.label}>
              <Link href={item.to}>{t(item.label)}</Link>
            </li>
          ))}
        </ul>
      )}
      <button type="button" className="menu-action" onClick={() => void onLogout()}>
        {t('user.logout')}
      </button>
    </Dropdown>
  );
}

function NoticesDropdown() {
  const { t } = useTranslation();
  const [notices, setNotices] = useState<Notice[] | null>(null);
  useEffect(() => {
    void loadNotices().then((n) => setNotices(n ?? []));
  }, []);
  return (
    <Dropdown className="notices" align="right" label={t('header.notices')} trigger={<BellIcon />}>
      <div className="feed-panel">
        <div className="feed-title">{t('header.notices')}</div>
        {notices === null && <p className="muted small">{t('common.loading')}</p>}
        {notices?.length === 0 && <p className="muted small">{t('header.noNotices')}</p>}
        <ul className="feed-list">
          {notices?.map((n, i) => (
            <li key={n.id ?? i}>
              {n.html_url && isBuiltPath(n.html_url) ? (
                <Link href={n.html_url}>{n.title}</Link>
              ) : n.html_url?.startsWith('http') ? (
                <a href={n.html_url} target="_blank" rel="noreferrer">
                  {n.title}
                </a>
              ) : (
                <span>{n.title}</span>
              )}
              <time className="muted small">{formatTime(n.created_at)}</time>
            </li>
          ))}
        </ul>
      </div>
    </Dropdown>
  );
}

function MessagesDropdown() {
  const { t } = useTranslation();
  const [messages, setMessages] = useState<Message[] | null>(null);
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    void loadUnreadCount().then(setUnread);
    void loadMessages().then((m) => setMessages(m ?? []));
  }, []);
  const readAll = async () => {
    if (await markAllRead()) {
      setUnread(0);
      setMessages((m) => m?.map((x) => ({ ...x, read: 1 })) ?? m);
    }
  };
  return (
    <Dropdown
      className="messages"
      align="right"
      label={t('header.messages')}
      trigger={
        <>
          <MailIcon />
          {unread > 0 && <span className="badge">{unread > 99 ? '99+' : unread}</span>}
        </>
      }
    >
      <div className="feed-panel">
        <div className="feed-title">
          {t('header.messages')}
          {unread > 0 && (
            <button type="button" className="link-btn" onClick={() => void readAll()}>
              {t('header.markAllRead')}
            </button>
          )}
        </div>
        {messages === null && <p className="muted small">{t('common.loading')}</p>}
        {messages?.length === 0 && <p className="muted small">{t('header.noMessages')}</p>}
        <ul className="feed-list">
          {messages?.map((m, i) => (
            <li key={m.id ?? i} className={m.read === 0 ? 'unread' : ''}>
              <span className="clamp">{m.content}</span>
              <time className="muted small">{formatTime(m.time)}</time>
            </li>
          ))}
        </ul>
        {isBuiltPath('/message') && (
          <Link href="/message?type=message" className="feed-more">
            {t('common.viewAll')}
          </Link>
        )}
      </div>
    </Dropdown>
  );
}

function HelpMenu() {
  const { t } = useTranslation();
  const links = HELP_LINKS.filter((l) => isBuiltPath(l.to));
  if (links.length === 0) return null;
  return (
    <Dropdown className="help-menu" align="right" label={t('header.help')} trigger={<HelpIcon />}>
      <ul className="menu-list">
        {links.map((l) => (
          <li key={l.to}>
            <Link href={l.to}>{t(l.label)}</Link>
          </li>
        ))}
      </ul>
    </Dropdown>
  );
}

function DownloadMenu() {
  const { t } = useTranslation();
  const { apk } = useShell();
  const [links, setLinks] = useState<AppLinks | null>(null);
  const onOpen = useCallback(() => {
    void loadAppLinks().then(setLinks);
  }, []);
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const ios = links?.appStore || links?.downloadPage || `${origin}/`;
  const android = links?.apk || apk || links?.downloadPage || `${origin}/`;
  return (
    <Dropdown
      className="download-menu"
      align="right"
      label={t('header.download')}
      onOpen={onOpen}
      trigger={<DownloadIcon />}
    >
      <div className="download-panel">
        <div className="feed-title">{t('header.downloadTitle')}</div>
        <div className="qr-row">
          <figure>
            <QrCode value={ios} label={t('header.ios')} />
            <figcaption>{t('header.ios')}</figcaption>
          </figure>
          <figure>
            <QrCode value={android} label={t('header.apk')} />
            <figcaption>{t('header.apk')}</figcaption>
          </figure>
        </div>
      </div>
    </Dropdown>
  );
}

function CurrencySwitch() {
  const { t } = useTranslation();
  const { currency, setCurrency } = useShell();
  return (
    <Dropdown
      className="currency-switch"
      align="right"
      label={t('header.currency')}
      trigger={
        <span data-testid="currency-current">
          {currency} <ChevronDownIcon />
        </span>
      }
    >
      {(close) => (
        <ul className="menu-list" aria-label={t('header.currency')}>
          {DISPLAY_CURRENCIES.map((c) => (
            <li key={c}>
              <button
                type="button"
                className={`menu-option${c === currency ? ' selected' : ''}`}
                aria-pressed={c === currency}
                data-currency={c}
                onClick={() => {
                  setCurrency(c);
                  close();
                }}
              >
                <span className="currency-code">{c}</span>
                <span className="muted">{currencySymbol(c)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </Dropdown>
  );
}
