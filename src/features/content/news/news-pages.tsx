import { useCallback } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useRequest } from '../../../api/use-request.ts';
import { isBuiltPath } from '../../../app/routes.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { formatChangePercent, formatPriceText } from '../../../format/price.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { type ArticleItem, articleDetail, articlePage, CONTENT_PAGE_SIZE, helpPage, programPage } from '../api.ts';
import { tradePath, useLiveMarkets } from '../markets.ts';
import { ArticleHtml, Loaded, PageHead, Pager } from '../parts.tsx';

/** What /coinnews/* shows: the list (optionally one category), or one article by id. */
export function newsRouteOf(pathname: string): { kind: 'list'; cate: string } | { kind: 'article'; id: number } {
  const rest = /\/coinnews\/?(.*)$/i.exec(pathname)?.[1] ?? '';
  const [first = '', second = ''] = rest.split('/').filter(Boolean);
  if (/^[1-9]\d{0,8}$/.test(first)) return { kind: 'article', id: Number(first) };
  if (first === 'category' && /^[a-z-]{1,32}$/.test(second)) return { kind: 'list', cate: second };
  return { kind: 'list', cate: '' };
}

function NewsList({ items }: { items: ArticleItem[] }) {
  return (
    <ul className="ct-list" data-testid="news-list">
      {items.map((a) => (
        <li key={a.id}>
          <Link href={`/coinnews/${a.id}`}>{a.title}</Link>
          <p className="muted">{a.summary}</p>
          <div className="ct-meta">
            <span className="ct-tag">{a.cateName}</span>
            <time>{formatDateTime(a.createTime)}</time>
          </div>
        </li>
      ))}
    </ul>
  );
}

/** /coinnews, /coinnews/category/{cate}, /coinnews/{id}: stored coin news, paged, with categories. */
export function CoinNewsPage() {
  const [pathname] = useLocation();
  const route = newsRouteOf(pathname);
  return route.kind === 'article' ? <NewsArticle id={route.id} /> : <NewsIndex cate={route.cate} />;
}

function NewsIndex({ cate }: { cate: string }) {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const page = Math.max(1, Number.parseInt(new URLSearchParams(search).get('page') ?? '1', 10) || 1);
  const base = cate ? `/coinnews/category/${cate}` : '/coinnews';
  const { state } = useRequest(
    useCallback(
      () => articlePage<ArticleItem>('news', { pageNo: page, pageSize: CONTENT_PAGE_SIZE, cate: cate || undefined }),
      [page, cate],
    ),
  );
  return (
    <div className="ct-page ct-narrow" data-testid="coinnews-page">
      <PageHead title={t('content.news.title')} subtitle={t('content.news.subtitle')} />
      <Loaded state={state}>
        {(data) => (
          <>
            <div className="ct-tabs" role="tablist">
              <button type="button" role="tab" aria-selected={!cate} onClick={() => navigate('/coinnews')}>
                {t('content.common.all')}
              </button>
              {data.categories.map((c) => (
                <button
                  type="button"
                  role="tab"
                  key={c.key}
                  aria-selected={cate === c.key}
                  onClick={() => navigate(`/coinnews/category/${c.key}`)}
                >
                  {c.name}
                </button>
              ))}
            </div>
            <NewsList items={data.records} />
            <Pager
              pageNo={data.pageNo}
              pageSize={data.pageSize}
              total={data.total}
              onPage={(p) => navigate(`${base}?page=${p}`)}
            />
          </>
        )}
      </Loaded>
    </div>
  );
}

function NewsArticle({ id }: { id: number }) {
  const { t } = useTranslation();
  const { state } = useRequest(useCallback(() => articleDetail<ArticleItem>('news', id), [id]));
  return (
    <div className="ct-page ct-narrow" data-testid="coinnews-article">
      <Link className="ct-back" href="/coinnews">
        ← {t('content.news.back')}
      </Link>
      <Loaded state={state}>
        {(a) => (
          <article className="ct-article">
            <h1>{a.title}</h1>
            <div className="ct-meta">
              <span className="ct-tag">{a.cateName}</span>
              <time>{t('content.common.published', { time: formatDateTime(a.createTime) })}</time>
            </div>
            <ArticleHtml html={a.body} testId="article-body" />
          </article>
        )}
      </Loaded>
    </div>
  );
}

/** How many markets and articles the landing shows. */
const SEO_MARKETS = 8;
const SEO_ARTICLES = 4;

/** /seoNew: a news and prices landing: the stored intro, live popular markets, latest news and basics. */
export function SeoNewsPage() {
  const { t } = useTranslation();
  const intro = useRequest(useCallback(() => programPage('seo'), []));
  const news = useRequest(
    useCallback(() => articlePage<ArticleItem>('news', { pageNo: 1, pageSize: SEO_ARTICLES }), []),
  );
  const basics = useRequest(useCallback(() => helpPage({ pageNo: 1, pageSize: SEO_ARTICLES, cate: 'trading' }), []));
  const markets = useLiveMarkets();
  return (
    <div className="ct-page" data-testid="seo-page">
      <Loaded state={intro.state}>
        {(p) => (
          <div className="ct-hero">
            <h1>{p.title}</h1>
            <p>{p.subtitle}</p>
            {isBuiltPath('/trade') && (
              <Link className="btn btn-primary" href="/trade">
                {t('content.seo.start')}
              </Link>
            )}
          </div>
        )}
      </Loaded>
      {markets && markets.length > 0 && (
        <section className="ct-sections">
          <h2>{t('content.seo.markets')}</h2>
          <table className="ct-table" data-testid="seo-markets">
            <tbody>
              {markets.slice(0, SEO_MARKETS).map((m) => (
                <tr key={m.symbol}>
                  <td>{m.symbol}</td>
                  <td>{formatPriceText(m.price, m.priceScale)}</td>
                  <td className={m.chg >= 0 ? 'ct-up' : 'ct-down'}>{formatChangePercent(m.chg)}</td>
                  <td>{isBuiltPath(tradePath(m)) && <Link href={tradePath(m)}>{t('content.seo.trade')}</Link>}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
      <div className="ct-layout" style={{ gridTemplateColumns: '2fr 1fr', marginTop: 20 }}>
        <section>
          <h2>{t('content.news.latest')}</h2>
          <Loaded state={news.state}>{(data) => <NewsList items={data.records} />}</Loaded>
          <p>
            <Link href="/coinnews">{t('content.seo.allNews')} →</Link>
          </p>
        </section>
        <section>
          <h2>{t('content.seo.learn')}</h2>
          <Loaded state={basics.state}>
            {(data) => (
              <ul className="ct-list">
                {data.records.map((a) => (
                  <li key={a.id}>
                    <Link href={`/helpDetail/${a.id}`}>{a.title}</Link>
                  </li>
                ))}
              </ul>
            )}
          </Loaded>
        </section>
      </div>
      <Loaded state={intro.state}>
        {(p) => (
          <div className="ct-sections" style={{ marginTop: 20 }}>
            {p.sections.map((s) => (
              <section key={s.title}>
                <h2>{s.title}</h2>
                <ArticleHtml html={s.html} />
              </section>
            ))}
          </div>
        )}
      </Loaded>
    </div>
  );
}
