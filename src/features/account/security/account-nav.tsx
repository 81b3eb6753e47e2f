import type { ReactNode } from 'react';
import { Link, useLocation } from 'wouter';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ScrollNav } from '../../../ui/scroll-nav.tsx';
import '../account.css';

const TABS = [
  { key: 'member', to: '/member', also: [] as string[] },
  { key: 'kyc', to: '/kyc', also: [] },
  { key: 'safety', to: '/safety', also: ['/password', '/resetPwd', '/bind', '/change', '/google', '/transaction'] },
  { key: 'preferences', to: '/preferences', also: [] },
] as const;

/** The four account sub-navigation tabs (spec shell §2); /password, /bind, /change, /google highlight safety. */
export function AccountLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  return (
    <div className="acc-layout">
      <ScrollNav
        className="acc-subnav"
        label={t('account.security.tabs.member')}
        backLabel={t('account.security.tabsBack')}
        forwardLabel={t('account.security.tabsForward')}
      >
        {TABS.map((tab) => {
          const active = pathname === tab.to || (tab.also as readonly string[]).includes(pathname);
          return (
            <Link
              key={tab.key}
              href={tab.to}
              className={active ? 'active' : ''}
              aria-current={active ? 'page' : undefined}
            >
              {t(`account.security.tabs.${tab.key}`)}
            </Link>
          );
        })}
      </ScrollNav>
      <section className="acc-content">{children}</section>
    </div>
  );
}
