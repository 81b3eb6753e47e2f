import { useCallback } from 'react';
import { Link, useLocation } from 'wouter';
import { useRequest } from '../../../api/use-request.ts';
import { isBuiltPath, ROUTES } from '../../../app/routes.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { type ArticleItem, articlePage, helpPage } from '../api.ts';
import { sitemapPaths } from '../logic.ts';
import { tradePath, useLiveMarkets } from '../markets.ts';
import { Loaded, PageHead } from '../parts.tsx';

type NameKey =
  | 'home'
  | 'partner'
  | 'chat'
  | 'login'
  | 'register'
  | 'forget'
  | 'trade'
  | 'markets'
  | 'help'
  | 'video'
  | 'newcoin'
  | 'seo'
  | 'news'
  | 'sitemap'
  | 'promotion'
  | 'convert'
  | 'game'
  | 'channel';

/** Names of the pages a sitemap lists; a page without one shows its path. */
const NAMES: Record<string, NameKey> = {
  '/': 'home',
  '/partner': 'partner',
  '/chat': 'chat',
  '/login': 'login',
  '/register': 'register',
  '/forget': 'forget',
  '/trade': 'trade',
  '/quotes/list/spot': 'markets',
  '/help': 'help',
  '/video': 'video',
  '/plug/newcoin': 'newcoin',
  '/seoNew': 'seo',
  '/coinnews': 'news',
  '/sitemap': 'sitemap',
  '/promotion': 'promotion',
  '/coinExchange': 'convert',
  '/game/discover': 'game',
  '/support-center/channel-verification': 'channel',
};

const SECTIONS = ['pages', 'markets', 'help', 'news'] as const;
type Section = (typeof SECTIONS)[number];

/** /sitemap lists every section; /sitemap/{pages|markets|help|news} one of them. */
export function sitemapSectionOf(pathname: string): Section | null {
  const rest = /\/sitemap\/?([^/?#]*)/i.exec(pathname)?.[1] ?? '';
  return (SECTIONS as readonly string[]).includes(rest) ? (rest as Section) : null;
}

/** /sitemap/*: generated from the route table, the spot markets, help articles and coin news. */
export function SitemapPage() {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const only = sitemapSectionOf(pathname);
  const shows = (s: Section) => only === null || only === s;
  return (
    <div className="ct-page" data-testid="sitemap-page">
      <PageHead title={t('content.sitemap.title')}>
        <nav className="ct-tabs">
          {SECTIONS.map((s) => (
            <Link key={s} href={`/sitemap/${s}`} aria-current={only === s ? 'page' : undefined}>
              {t(`content.sitemap.${s}`)}
            </Link>
          ))}
        </nav>
      </PageHead>
      {shows('pages') && <PagesSection />}
      {shows('markets') && <MarketsSection />}
      {shows('help') && <HelpSection />}
      {shows('news') && <NewsSection />}
    </div>
  );
}

function PagesSection() {
  const { t } = useTranslation();
  const paths = sitemapPaths(ROUTES);
  return (
    <section className="ct-sections" data-testid="sitemap-pages">
      <h2>{t('content.sitemap.pages')}</h2>
      <ul className="ct-columns">
        {paths.map((p) => (
          <li key={p}>
            <Link href={p}>{NAMES[p] ? t(`content.sitemap.names.${NAMES[p]}`) : p}</Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MarketsSection() {
  const { t } = useTranslation();
  const markets = useLiveMarkets();
  return (
    <section className="ct-sections" data-testid="sitemap-markets">
      <h2>{t('content.sitemap.markets')}</h2>
      {markets === null ? (
        <p className="muted">{t('common.loading')}</p>
      ) : (
        <ul className="ct-columns">
          {markets.map((m) => (
            <li key={m.symbol}>{isBuiltPath(tradePath(m)) ? <Link href={tradePath(m)}>{m.symbol}</Link> : m.symbol}</li>
          ))}
        </ul>
      )}
    </section>
  );
}

function ArticleLinks({ items, href }: { items: ArticleItem[]; href: (a: ArticleItem) => string }) {
  return (
    <ul className="ct-columns">
      {items.map((a) => (
        <li key={a.id}>
          <Link href={href(a)}>{a.title}</Link>
        </li>
      ))}
    </ul>
  );
}

/** Everything fits one call: the server caps a page at 100. */
const ALL = 100;

function HelpSection() {
  const { t } = useTranslation();
  const { state } = useRequest(useCallback(() => helpPage({ pageNo: 1, pageSize: ALL }), []));
  return (
    <section className="ct-sections" data-testid="sitemap-help">
      <h2>{t('content.sitemap.help')}</h2>
      <Loaded state={state}>{(d) => <ArticleLinks items={d.records} href={(a) => `/helpDetail/${a.id}`} />}</Loaded>
    </section>
  );
}

function NewsSection() {
  const { t } = useTranslation();
  const { state } = useRequest(useCallback(() => articlePage<ArticleItem>('news', { pageNo: 1, pageSize: ALL }), []));
  return (
    <section className="ct-sections" data-testid="sitemap-news">
      <h2>{t('content.sitemap.news')}</h2>
      <Loaded state={state}>{(d) => <ArticleLinks items={d.records} href={(a) => `/coinnews/${a.id}`} />}</Loaded>
    </section>
  );
}
