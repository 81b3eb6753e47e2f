import { useCallback, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { useRequest } from '../../../api/use-request.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { articleDetail, articlePage, type VideoItem } from '../api.ts';
import { ArticleHtml, Loaded, PageHead, Pager } from '../parts.tsx';

const VIDEO_PAGE_SIZE = 12;

/** /video (header hidden; the menu shows it for zh_CN and vi_VN): stored tutorials; ?id= opens one entry. */
export function VideoPage() {
  const id = Number.parseInt(new URLSearchParams(useSearch()).get('id') ?? '', 10);
  return (
    <div className="ct-page" data-testid="video-page">
      <Link className="ct-back" href="/">
        ← Tickstream
      </Link>
      {Number.isInteger(id) && id > 0 ? <VideoEntry id={id} /> : <VideoList />}
    </div>
  );
}

function VideoList() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [cate, setCate] = useState('');
  const { state } = useRequest(
    useCallback(
      () => articlePage<VideoItem>('video', { pageNo: page, pageSize: VIDEO_PAGE_SIZE, cate: cate || undefined }),
      [page, cate],
    ),
  );
  return (
    <>
      <PageHead title={t('content.video.title')} subtitle={t('content.video.subtitle')} />
      <Loaded state={state}>
        {(data) => (
          <>
            <div className="ct-tabs" role="tablist">
              {[{ key: '', name: t('content.common.all') }, ...data.categories].map((c) => (
                <button
                  type="button"
                  role="tab"
                  key={c.key}
                  aria-selected={cate === c.key}
                  onClick={() => {
                    setCate(c.key);
                    setPage(1);
                  }}
                >
                  {c.name}
                </button>
              ))}
            </div>
            <div className="ct-cards" data-testid="video-list">
              {data.records.map((v) => (
                <Link key={v.id} href={`/video?id=${v.id}`} className="ct-card">
                  <img src={v.poster} alt="" width={640} height={360} loading="lazy" />
                  <div className="ct-card-body">
                    <h3>{v.title}</h3>
                    <p className="muted">{v.summary}</p>
                    <div className="ct-meta">
                      <span className="ct-tag">{v.cateName}</span>
                      <span>{t('content.video.minutes', { minutes: v.minutes })}</span>
                    </div>
                  </div>
                </Link>
              ))}
            </div>
            <Pager pageNo={data.pageNo} pageSize={data.pageSize} total={data.total} onPage={setPage} />
          </>
        )}
      </Loaded>
    </>
  );
}

function VideoEntry({ id }: { id: number }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const { state } = useRequest(useCallback(() => articleDetail<VideoItem>('video', id), [id]));
  return (
    <div className="ct-narrow" style={{ margin: '0 auto' }}>
      <button type="button" className="link-btn ct-back" onClick={() => navigate('/video')}>
        ← {t('content.video.back')}
      </button>
      <Loaded state={state}>
        {(v) => (
          <article className="ct-article" data-testid="video-entry">
            <img
              src={v.poster}
              alt={v.title}
              width={640}
              height={360}
              style={{ width: '100%', height: 'auto', borderRadius: 8 }}
            />
            <h1>{v.title}</h1>
            <div className="ct-meta">
              <span className="ct-tag">{v.cateName}</span>
              <span>{t('content.video.minutes', { minutes: v.minutes })}</span>
              <time>{formatDateTime(v.createTime)}</time>
            </div>
            <p>{v.summary}</p>
            <h2>{t('content.video.chapters')}</h2>
            <ArticleHtml html={v.body} />
          </article>
        )}
      </Loaded>
    </div>
  );
}
