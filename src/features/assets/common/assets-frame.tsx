import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from '../../../i18n/use-translation.ts';
import './assets.css';

const LINKS = [
  { to: '/recharge', label: 'recharge.nav.deposit' },
  { to: '/withdraw', label: 'recharge.nav.withdraw' },
  { to: '/withdraw/address', label: 'recharge.nav.addressBook' },
  { to: '/transfer', label: 'recharge.nav.transfer' },
] as const;

/** The frame of the deposit, withdraw, address-book and transfer screens: a title, the links between them and to the assets. */
export function AssetsFrame({ title, children }: { title: string; children: ReactNode }) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  return (
    <div className="ast-page">
      <header className="ast-head">
        <h1 className="ast-title">{title}</h1>
        <nav className="ast-links" aria-label={t('recharge.nav.label')}>
          {LINKS.map((link) => (
            <Link
              key={link.to}
              href={link.to}
              className={pathname === link.to ? 'active' : ''}
              aria-current={pathname === link.to ? 'page' : undefined}
            >
              {t(link.label)}
            </Link>
          ))}
          <Link href="/property/funds">{t('recharge.nav.assets')}</Link>
        </nav>
      </header>
      {children}
    </div>
  );
}
