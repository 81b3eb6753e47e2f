import { type ComponentType, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { loadSiteConfig, type SiteConfig, type SiteLink } from '../../api/shell.ts';
import { isBuiltPath } from '../../app/routes.ts';
import type { Messages } from '../../i18n/locales/en-us.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { DiscordBrand, FacebookBrand, LogoMark, TelegramBrand, XBrand, YoutubeBrand } from '../../ui/icons.tsx';

type FooterKey = keyof Messages['footer'];
interface Column {
  key: 'about' | 'product' | 'compliance' | 'protocol' | 'support';
  links: { label: FooterKey | `nav.${keyof Messages['nav']}` | `header.${keyof Messages['header']}`; to: string }[];
}

/** The five columns of spec shell §2 (each spans 5 of 24). Entries of pages not built yet are left out. */
export const FOOTER_COLUMNS: readonly Column[] = [
  {
    key: 'about',
    links: [
      { label: 'aboutUs', to: '/helpDetail/about-us' },
      { label: 'announcements', to: '/help' },
    ],
  },
  {
    key: 'product',
    links: [
      { label: 'nav.spotTrade', to: '/trade' },
      { label: 'nav.perpetual', to: '/trade/contract' },
      { label: 'nav.fastBuy', to: '/fast-coin-buying' },
      { label: 'nav.earn', to: '/financial' },
      { label: 'nav.copyTrading', to: '/futuresFollow/home' },
    ],
  },
  {
    key: 'compliance',
    links: [
      { label: 'amlPolicy', to: '/helpDetail/aml-policy' },
      { label: 'riskDisclosure', to: '/helpDetail/risk-disclosure' },
    ],
  },
  {
    key: 'protocol',
    links: [
      { label: 'userAgreement', to: '/helpDetail/terms-of-service' },
      { label: 'privacyPolicy', to: '/helpDetail/privacy-policy' },
      { label: 'legalStatement', to: '/helpDetail/legal-statement' },
    ],
  },
  {
    key: 'support',
    links: [
      { label: 'header.helpCenter', to: '/help' },
      { label: 'header.feedback', to: '/feedback' },
      { label: 'header.channelVerification', to: '/support-center/channel-verification' },
    ],
  },
];

const SOCIAL: Record<string, { name: string; Icon: ComponentType<{ size?: number }> }> = {
  x: { name: 'X', Icon: XBrand },
  twitter: { name: 'X', Icon: XBrand },
  telegram: { name: 'Telegram', Icon: TelegramBrand },
  facebook: { name: 'Facebook', Icon: FacebookBrand },
  youtube: { name: 'YouTube', Icon: YoutubeBrand },
  discord: { name: 'Discord', Icon: DiscordBrand },
};

/** Internal links the site config lists whose page is not built yet are left out; external ones stay. */
function usable(link: SiteLink): boolean {
  return link.external || /^https?:/.test(link.url) ? true : isBuiltPath(link.url);
}

/** The footer (spec shell §2): columns about, product, compliance, protocol, support; social links; copyright. */
export function Footer() {
  const { t } = useTranslation();
  const [site, setSite] = useState<SiteConfig | null>(null);
  useEffect(() => {
    void loadSiteConfig().then(setSite);
  }, []);
  const social = (site?.social?.links ?? []).filter((l) => SOCIAL[l.key.toLowerCase()] && /^https?:/.test(l.url));
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <div className="footer-brand">
          <div className="brand">
            <LogoMark size={24} />
            <span className="brand-name">Tickstream</span>
          </div>
          <p className="muted small">{t('footer.tagline')}</p>
          <nav className="footer-social" aria-label={t('footer.community')}>
            {social.map((l) => {
              const s = SOCIAL[l.key.toLowerCase()];
              if (!s) return null;
              return (
                <a key={l.key} href={l.url} target="_blank" rel="noreferrer" aria-label={s.name} title={s.name}>
                  <s.Icon size={16} />
                </a>
              );
            })}
          </nav>
        </div>
        {FOOTER_COLUMNS.map((column) => {
          const links = column.links.filter((l) => isBuiltPath(l.to));
          const server = (site?.footer?.find((f) => f.key === column.key)?.links ?? []).filter(usable);
          const certificate =
            column.key === 'compliance' && site?.certificateUrl && /^https?:/.test(site.certificateUrl)
              ? site.certificateUrl
              : null;
          if (links.length === 0 && server.length === 0 && !certificate) return null;
          return (
            <nav key={column.key} className="footer-col" aria-label={t(`footer.${column.key}`)}>
              <h3>{t(`footer.${column.key}`)}</h3>
              <ul>
                {links.map((l) => (
                  <li key={l.to}>
                    <Link href={l.to}>
                      {t(l.label.includes('.') ? (l.label as 'nav.home') : `footer.${l.label as FooterKey}`)}
                    </Link>
                  </li>
                ))}
                {certificate && (
                  <li>
                    <a href={certificate} target="_blank" rel="noreferrer">
                      {t('footer.certificate')}
                    </a>
                  </li>
                )}
                {server
                  .filter((l) => /^https?:/.test(l.url) && l.url !== certificate)
                  .map((l) => (
                    <li key={l.key}>
                      <a href={l.url} target="_blank" rel="noreferrer">
                        {l.name}
                      </a>
                    </li>
                  ))}
              </ul>
            </nav>
          );
        })}
      </div>
      <div className="footer-bottom">
        <span>{t('footer.copyright')}</span>
      </div>
    </footer>
  );
}
