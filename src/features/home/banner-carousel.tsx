import { type CSSProperties, useCallback, useEffect, useMemo, useState } from 'react';
import { useRequest } from '../../api/use-request.ts';
import { isLinkable } from '../../app/routes.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ChevronLeftIcon, ChevronRightIcon } from '../../ui/icons.tsx';
import { MOBILE_QUERY, useMediaQuery } from '../../ui/use-media-query.ts';
import { type Advertise, type Banner, loadAdvertise, loadBanners } from './api.ts';
import {
  BANNER_AUTOPLAY_MS,
  BANNER_GAP_PX,
  BANNER_PHONE_QUERY,
  BANNERS_PER_VIEW,
  bannersPerView,
  nextPage,
  padToMultiple,
  pageCount,
  previousPage,
} from './rules.ts';

/**
 * The banner carousel (spec shell §2): four banners per view 20 px apart (two below the mobile breakpoint, one on a
 * phone), a new view every 10 s, looping, with dots and arrows; each banner opens its link in a new tab. Four spinners
 * hold the place while the list loads; the list is padded to a multiple of four with its first banners.
 */
export function BannerCarousel() {
  const { t } = useTranslation();
  const { state } = useRequest(useCallback((signal: AbortSignal) => loadBanners(signal), []));
  const slides = useMemo(() => (state.status === 'done' ? padToMultiple<Banner>(state.data) : []), [state]);
  const perView = bannersPerView({ mobile: useMediaQuery(MOBILE_QUERY), phone: useMediaQuery(BANNER_PHONE_QUERY) });
  const pages = pageCount(slides.length, perView);
  const [page, setPage] = useState(0);
  // A click restarts the 10 s wait, so a view someone chose is not replaced at once.
  const [turn, setTurn] = useState(0);

  // biome-ignore lint/correctness/useExhaustiveDependencies: `turn` restarts the timer after a click.
  useEffect(() => {
    if (pages < 2) return;
    const timer = setInterval(() => setPage((p) => nextPage(p, pages)), BANNER_AUTOPLAY_MS);
    return () => clearInterval(timer);
  }, [pages, turn]);

  const go = (next: number) => {
    setPage(next);
    setTurn((n) => n + 1);
  };
  const shown = pages > 0 ? page % pages : 0;

  if (state.status !== 'loading' && slides.length === 0) return null;
  return (
    <section
      className="home-banners"
      aria-label={t('homePage.banner.region')}
      aria-roledescription="carousel"
      style={{ '--per-view': perView } as CSSProperties}
      data-per-view={perView}
    >
      {state.status === 'loading' ? (
        <BannerSpinners />
      ) : (
        <>
          <div className="home-banner-viewport">
            <div
              className="home-banner-track"
              data-page={shown}
              style={{ transform: `translateX(calc(${-shown} * (100% + ${BANNER_GAP_PX}px)))` }}
            >
              {slides.map((b, i) => {
                const onPage = Math.floor(i / perView) === shown;
                const image = <img src={b.url} alt={b.title ?? ''} loading={i < perView ? 'eager' : 'lazy'} />;
                // A banner of an area still to come is shown without its link: no link leads to not-found.
                if (!isLinkable(b.linkUrl)) {
                  return (
                    // biome-ignore lint/suspicious/noArrayIndexKey: padding repeats banners, so the place is the key.
                    <div key={i} className="home-banner-slide" data-testid="banner-slide">
                      {image}
                    </div>
                  );
                }
                return (
                  <a
                    // biome-ignore lint/suspicious/noArrayIndexKey: padding repeats banners, so the place is the key.
                    key={i}
                    className="home-banner-slide"
                    href={b.linkUrl}
                    target="_blank"
                    rel="noopener"
                    tabIndex={onPage ? 0 : -1}
                    data-testid="banner-slide"
                  >
                    {image}
                  </a>
                );
              })}
            </div>
          </div>
          {pages > 1 && (
            <>
              <button
                type="button"
                className="home-banner-arrow prev"
                aria-label={t('homePage.banner.previous')}
                onClick={() => go(previousPage(shown, pages))}
              >
                <ChevronLeftIcon />
              </button>
              <button
                type="button"
                className="home-banner-arrow next"
                aria-label={t('homePage.banner.next')}
                onClick={() => go(nextPage(shown, pages))}
              >
                <ChevronRightIcon />
              </button>
              <div className="home-banner-dots">
                {Array.from({ length: pages }, (_, i) => (
                  <button
                    // biome-ignore lint/suspicious/noArrayIndexKey: one dot per page.
                    key={i}
                    type="button"
                    className="home-banner-dot"
                    aria-label={t('homePage.banner.goTo', { page: i + 1 })}
                    aria-current={i === shown}
                    onClick={() => go(i)}
                  />
                ))}
              </div>
            </>
          )}
        </>
      )}
      <AdvertiseStrip />
    </section>
  );
}

/** Four spinners in the carousel's place while its list loads (those beyond a narrow view are clipped). */
function BannerSpinners() {
  const { t } = useTranslation();
  return (
    <div className="home-banner-viewport">
      <div className="home-banner-track" role="status" aria-busy="true" aria-label={t('homePage.banner.loading')}>
        {Array.from({ length: BANNERS_PER_VIEW }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: four fixed placeholders.
          <div key={i} className="home-banner-slide home-banner-loading" data-testid="banner-spinner">
            <span className="home-spinner" />
          </div>
        ))}
      </div>
    </div>
  );
}

/** The advertisements of location 1 (spec shell §7 "Advertise"), as a line of links under the carousel. */
function AdvertiseStrip() {
  const { t } = useTranslation();
  const { state } = useRequest(useCallback((signal: AbortSignal) => loadAdvertise(signal), []));
  // An advert is only its link: one to an area still to come is left out.
  const ads: Advertise[] = state.status === 'done' ? state.data.content.filter((a) => isLinkable(a.linkUrl)) : [];
  if (ads.length === 0) return null;
  return (
    <nav className="home-ads" aria-label={t('homePage.ads')}>
      {ads.map((a) => (
        <a key={a.id} href={a.linkUrl} data-testid="home-ad">
          {a.title}
        </a>
      ))}
    </nav>
  );
}
