import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { assetMenu } from '../../../app/menu.ts';
import { useShell } from '../../../app/shell-state.tsx';
import { useTranslation } from '../../../i18n/use-translation.ts';
import './property.css';

/**
 * The assets screens' frame: the asset menu of spec shell §2 as a side navigation (follow only when copy trading is
 * enabled, the same list as the header's assets dropdown) beside the page.
 */
export function PropertyLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const shell = useShell();
  const [pathname] = useLocation();
  const items = assetMenu(shell).filter((item) => item.to.startsWith('/property'));
  return (
    <div className="pty-layout">
      <nav className="pty-nav" aria-label={t('assets.menu')}>
        {items.map((item) => {
          const active =
            item.to === '/property'
              ? pathname === '/property'
              : pathname === item.to || pathname.startsWith(`${item.to}/`);
          return (
            <Link
              key={item.to}
              href={item.to}
              className={active ? 'active' : ''}
              aria-current={active ? 'page' : undefined}
            >
              {t(item.label)}
            </Link>
          );
        })}
        <Link
          href="/bill"
          className={pathname === '/bill' ? 'active' : ''}
          aria-current={pathname === '/bill' ? 'page' : undefined}
        >
          {t('property.actions.bills')}
        </Link>
      </nav>
      <section className="pty-content">{children}</section>
    </div>
  );
}
