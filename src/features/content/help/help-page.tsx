import { useCallback } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useRequest } from '../../../api/use-request.ts';
import { isBuiltPath } from '../../../app/routes.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { CONTENT_PAGE_SIZE, helpCategories, helpPage, noticePage } from '../api.ts';
import { Loaded, PageHead, Pager, SearchBox } from '../parts.tsx';

/** The announcements tab of the help centre: the notices of /api/notice. */
export const NOTICES_TAB = 'notices';

/** Query of /help: ?cate=…&keyword=…&page=… (kept in the URL so back returns to the same list). */
export function helpQuery(search: string): { cate: string; keyword: string; page: number } {
  const q = new URLSearchParams(search);
  const page = Number.parseInt(q.get('page') ?? '1', 10);
  return {
    cate: q.get('cate') ?? '',
    keyword: (q.get('keyword') ?? '').slice(0, 50),
    page: Number.isFinite(page) && page > 0 ? page : 1,
  };
}

function queryString(q: { cate: string; keyword: string; page: number }): string {
  const out = new URLSearchParams();
  if (q.cate) out.set('cate', q.cate);
  if (q.keyword) out.set('keyword', q.keyword);
  if (q.page > 1) out.set('page', String(q.page));
  const text = out.toString();
  return text ? `?${text}` : '';
}

/** /help: categories, search and paged articles (spec shell §7 help/page), plus the announcements. */
export function HelpPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [, navigate] = useLocation();
  const query = helpQuery(search);
  const go = (next: Partial<typeof query>) => navigate(`/help${queryString({ ...query, page: 1, ...next })}`);

  const cats = useRequest(useCallback(() => helpCategories(), []));
  const isNotices = query.cate === NOTICES_TAB;

  return (
    <div className="ct-page" data-testid="help-page">
      <PageHead title={t('content.help.title')} subtitle={t('content.help.subtitle')}>
        <SearchBox
          key={query.keyword}
          initial={query.keyword}
          placeholder={t('content.help.searchPlaceholder')}
          onSearch={(keyword) => go({ keyword, cate: isNotices ? '' : query.cate })}
        />
      </PageHead>
      <div className="ct-layout">
        <aside className="ct-side" aria-label={t('content.help.categories')}>
          <h2>{t('content.help.categories')}</h2>
          <button type="button" className={!query.cate ? 'on' : ''} onClick={() => go({ cate: '' })}>
            <span>{t('content.help.allArticles')}</span>
            {cats.state.status === 'done' && <span className="muted">{cats.state.data.total}</span>}
          </button>
          {cats.state.status === 'done' &&
            cats.state.data.categories.map((c) => (
              <button
                type="button"
                key={c.key}
                className={query.cate === c.key ? 'on' : ''}
                onClick={() => go({ cate: c.key })}
              >
                <span>{c.name}</span>
                <span className="muted">{c.count}</span>
              </button>
            ))}
          <button
            type="button"
            className={isNotices ? 'on' : ''}
            onClick={() => go({ cate: NOTICES_TAB, keyword: '' })}
          >
            <span>{t('content.help.notices')}</span>
          </button>
          <h2>{t('content.help.stillNeedHelp')}</h2>
          {isBuiltPath('/support-center/channel-verification') && (
            <Link href="/support-center/channel-verification">{t('content.help.verifyChannel')}</Link>
          )}
        </aside>
        <section>
          {isNotices ? (
            <NoticeList page={query.page} onPage={(page) => go({ cate: NOTICES_TAB, page })} />
          ) : (
            <ArticleList query={query} onPage={(page) => go({ page })} />
          )}
        </section>
      </div>
    </div>
  );
}

function ArticleList({ query, onPage }: { query: ReturnType<typeof helpQuery>; onPage(page: number): void }) {
  const { t } = useTranslation();
  const { state } = useRequest(
    useCallback(
      () =>
        helpPage({
          pageNo: query.page,
          pageSize: CONTENT_PAGE_SIZE,
          cate: query.cate || undefined,
          keyword: query.keyword || undefined,
        }),
      [query.page, query.cate, query.keyword],
    ),
  );
  return (
    <Loaded state={state}>
      {(data) => (
        <>
          {query.keyword && (
            <p className="muted" data-testid="help-results">
              {t('content.help.resultsFor', { keyword: query.keyword, total: data.total })}
            </p>
          )}
          {data.records.length === 0 ? (
            <p className="muted ct-state">{t('content.common.noResults')}</p>
          ) : (
            <ul className="ct-list" data-testid="help-list">
              {data.records.map((a) => (
                <li key={a.id}>
                  <Link href={`/helpDetail/${a.id}`}>{a.title}</Link>
                  <p className="muted">{a.summary}</p>
                  <div className="ct-meta">
                    <span className="ct-tag">{a.cateName}</span>
                  </div>
                </li>
              ))}
            </ul>
          )}
          <Pager pageNo={data.pageNo} pageSize={data.pageSize} total={data.total} onPage={onPage} />
        </>
      )}
    </Loaded>
  );
}

function NoticeList({ page, onPage }: { page: number; onPage(page: number): void }) {
  const { t } = useTranslation();
  const { state } = useRequest(useCallback(() => noticePage(page, CONTENT_PAGE_SIZE), [page]));
  return (
    <Loaded state={state}>
      {(data) => (
        <>
          <ul className="ct-list" data-testid="notice-list">
            {data.records.map((n) => (
              <li key={n.id}>
                <Link href={n.html_url}>{n.title}</Link>
                <div className="ct-meta">
                  <span className="ct-tag">{t('content.help.notice')}</span>
                  <time>{formatDateTime(n.createTime)}</time>
                </div>
              </li>
            ))}
          </ul>
          <Pager pageNo={data.pageNo} pageSize={data.pageSize} total={data.total} onPage={onPage} />
        </>
      )}
    </Loaded>
  );
}
