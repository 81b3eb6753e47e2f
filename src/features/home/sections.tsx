import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import type { Lang } from '../../../common/i18n.ts';
import { useRequest } from '../../api/use-request.ts';
import { useShell } from '../../app/shell-state.tsx';
import { groupCountry } from '../../app/user-group.ts';
import { formatCount } from '../../format/intl.ts';
import { formatMoney } from '../../format/money.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { Dialog, DialogClose, DialogTitle } from '../../ui/dialog.tsx';
import {
  AndroidIcon,
  ApkIcon,
  AppleIcon,
  CertificateIcon,
  CloseIcon,
  HeadsetIcon,
  LayersIcon,
  QrIcon,
  ShieldIcon,
  WavesIcon,
} from '../../ui/icons.tsx';
import { QrCode } from '../../ui/qr-code.tsx';
import { type DownloadLinks, loadCertificate, loadDownloadLinks, loadIndexImages, loadPlatformStat } from './api.ts';
import { useDocumentTheme } from './hooks.ts';
import { nextScroll, partnerLogos } from './partners.ts';
import { PARTNER_GAP_PX, PARTNER_STEP_MS, QR_SIZE_PX } from './rules.ts';

const SERVICES = [
  { key: 'security', icon: <ShieldIcon size={32} /> },
  { key: 'liquidity', icon: <WavesIcon size={32} /> },
  { key: 'support', icon: <HeadsetIcon size={32} /> },
  { key: 'products', icon: <LayersIcon size={32} /> },
] as const;

/** Platform figures under the sign-up box, from `/uc/index/platform-stat`; hidden until they load. */
export function PlatformStats() {
  const { t, i18n } = useTranslation();
  const { state } = useRequest(useCallback((signal: AbortSignal) => loadPlatformStat(signal), []));
  if (state.status !== 'done') return null;
  const s = state.data;
  const lang = i18n.language as Lang;
  const figures = [
    ['turnover', `$${formatMoney(s.turnover24hUsd, lang)}`],
    ['markets', formatCount(s.markets, lang)],
    ['coins', formatCount(s.coins, lang)],
    ['users', formatCount(s.users, lang)],
    ['countries', formatCount(s.countries, lang)],
  ] as const;
  return (
    <section className="home-stats" aria-label={t('homePage.stats.title')}>
      <dl>
        {figures.map(([key, value]) => (
          <div key={key} data-stat={key}>
            <dd>{value}</dd>
            <dt>{t(`homePage.stats.${key}`)}</dt>
          </div>
        ))}
      </dl>
    </section>
  );
}

/** The services section: four items (spec shell §2). */
export function Services() {
  const { t } = useTranslation();
  return (
    <section className="home-services" aria-labelledby="home-services-title">
      <h2 id="home-services-title">{t('homePage.services.title')}</h2>
      <ul>
        {SERVICES.map((s) => (
          <li key={s.key} data-testid="service-item">
            <span className="home-service-icon">{s.icon}</span>
            <h3>{t(`homePage.services.${s.key}Title`)}</h3>
            <p>{t(`homePage.services.${s.key}Text`)}</p>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** The registration-certificate block: a link to the regulator's register, in a new tab (spec shell §2). */
export function Certificate() {
  const { t } = useTranslation();
  const { state } = useRequest(useCallback((signal: AbortSignal) => loadCertificate(signal), []));
  const url = state.status === 'done' ? state.data.certificateUrl : undefined;
  return (
    <section className="home-certificate" aria-labelledby="home-certificate-title">
      <CertificateIcon size={40} />
      <div className="home-certificate-text">
        <h2 id="home-certificate-title">{t('homePage.certificate.title')}</h2>
        <p>{t('homePage.certificate.text')}</p>
      </div>
      {url && (
        <a href={url} target="_blank" rel="noopener noreferrer" className="home-outline-button">
          {t('homePage.certificate.link')}
        </a>
      )}
    </section>
  );
}

/**
 * The partner strip (spec shell §2): the theme's 20 logos twice over, moved 1 px every 80 ms, 45 px apart; when one
 * whole set has passed it jumps back by a set's width, which looks the same, so the strip never ends. Hovering pauses.
 */
export function Partners() {
  const { t } = useTranslation();
  const theme = useDocumentTheme();
  const logos = partnerLogos(theme);
  const track = useRef<HTMLDivElement>(null);
  const paused = useRef(false);

  useEffect(() => {
    let offset = 0;
    const timer = setInterval(() => {
      const element = track.current;
      if (!element || paused.current) return;
      // Both copies are the same width; margins are inside each item, so half the track is one set.
      offset = nextScroll(offset, element.scrollWidth / 2);
      element.style.transform = `translateX(${-offset}px)`;
      element.dataset.offset = String(offset);
    }, PARTNER_STEP_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <section className="home-partners" aria-labelledby="home-partners-title">
      <h2 id="home-partners-title">{t('homePage.partners.title')}</h2>
      <section
        className="home-partner-window"
        aria-label={t('homePage.partners.label')}
        onMouseEnter={() => {
          paused.current = true;
        }}
        onMouseLeave={() => {
          paused.current = false;
        }}
      >
        <div className="home-partner-track" ref={track} data-testid="partner-track" data-theme-set={theme}>
          {[...logos, ...logos].map((logo, i) => (
            <img
              // biome-ignore lint/suspicious/noArrayIndexKey: the set is repeated, so the place is the key.
              key={i}
              src={logo.src}
              alt={i < logos.length ? logo.name : ''}
              aria-hidden={i >= logos.length}
              height={48}
              style={{ marginRight: PARTNER_GAP_PX }}
            />
          ))}
        </div>
      </section>
    </section>
  );
}

/**
 * The download section (spec shell §2): Android (Google Play) and store buttons, the APK link, and a QR code dialog
 * (114 px) of the download page. The store button is hidden in the countries the server names.
 */
export function Download() {
  const { t } = useTranslation();
  const { user } = useShell();
  const { state } = useRequest<DownloadLinks>(useCallback((signal: AbortSignal) => loadDownloadLinks(signal), []));
  const images = useRequest(useCallback((signal: AbortSignal) => loadIndexImages(signal), [])).state;
  const theme = useDocumentTheme();
  const [qrOpen, setQrOpen] = useState(false);
  const links = state.status === 'done' ? state.data : null;
  const country = groupCountry(user);
  const showStore = !!links?.appStore && !(country && links.hideStoreCountries?.includes(country));
  const origin = typeof location === 'undefined' ? '' : location.origin;
  const qrTarget = links?.downloadPage ? new URL(links.downloadPage, origin || 'http://localhost').href : `${origin}/`;

  return (
    <section className="home-download" aria-labelledby="home-download-title">
      <div>
        <h2 id="home-download-title">{t('homePage.download.title')}</h2>
        <p>{t('homePage.download.text')}</p>
        <div className="home-download-buttons">
          {links?.googlePlay && (
            <StoreButton href={links.googlePlay} icon={<AndroidIcon />} label={t('homePage.download.android')} />
          )}
          {showStore && links && (
            <StoreButton href={links.appStore} icon={<AppleIcon />} label={t('homePage.download.store')} />
          )}
          <button type="button" className="home-store-button" onClick={() => setQrOpen(true)}>
            <QrIcon />
            {t('homePage.download.qr')}
          </button>
        </div>
        {links?.apk && (
          <a className="home-apk" href={links.apk} download>
            <ApkIcon size={16} />
            {t('homePage.download.apk')}
          </a>
        )}
      </div>
      {images.status === 'done' && (
        <img
          className="home-download-image"
          src={theme === 'dark' ? images.data.downloadDark : images.data.downloadLight}
          alt={t('homePage.download.image')}
          width={240}
          height={440}
          data-testid="download-image"
        />
      )}
      {qrOpen && <QrDialog value={qrTarget} onClose={() => setQrOpen(false)} />}
    </section>
  );
}

function StoreButton({ href, icon, label }: { href: string; icon: ReactNode; label: string }) {
  return (
    <a className="home-store-button" href={href} target="_blank" rel="noopener noreferrer">
      {icon}
      {label}
    </a>
  );
}

function QrDialog({ value, onClose }: { value: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog className="home-qr-dialog" onClose={onClose}>
      <DialogClose className="home-qr-close" label={t('homePage.download.close')}>
        <CloseIcon />
      </DialogClose>
      <DialogTitle as="h3">{t('homePage.download.qrTitle')}</DialogTitle>
      <QrCode value={value} size={QR_SIZE_PX} label={t('homePage.download.qrLabel')} />
    </Dialog>
  );
}
