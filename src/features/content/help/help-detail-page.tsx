import { useCallback } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { HELP_KEY_PATTERN } from '../../../../common/contracts/content.ts';
import { isSuccess } from '../../../api/request.ts';
import { useRequest } from '../../../api/use-request.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { helpDetail, noticeDetail } from '../api.ts';
import { ArticleHtml, Loaded } from '../parts.tsx';
import { NOTICES_TAB } from './help-page.tsx';

/** The article /helpDetail/{articleId} names: a positive integer id, or a key such as privacy-policy. */
export type ArticleRef = { id: number } | { key: string };

const KEY = new RegExp(HELP_KEY_PATTERN);

/** The article of /helpDetail/{id or key}, or null when the segment is neither. */
export function articleRefOf(pathname: string): ArticleRef | null {
  const raw = /\/helpDetail\/([^/?#]+)/i.exec(pathname)?.[1] ?? '';
  if (/^[1-9]\d{0,8}$/.test(raw)) return { id: Number(raw) };
  return raw.length <= 64 && KEY.test(raw) ? { key: raw } : null;
}

interface Shown {
  title: string;
  body: string;
  time: number;
  label: string;
  related: { id: number; title: string }[];
}

/**
 * /helpDetail/{articleId or key}: a help article (help/detail), or a notice when ?source=notice (the notices' html_url,
 * server/http/content.ts), each in the page's language.
 */
export function HelpDetailPage() {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const isNotice = new URLSearchParams(useSearch()).get('source') === 'notice';
  const ref = articleRefOf(pathname);
  const id = ref && 'id' in ref ? ref.id : null;
  const key = ref && 'key' in ref ? ref.key : null;
  const { state } = useRequest(
    useCallback(async () => {
      // A notice has a numeric id only.
      if ((id === null && key === null) || (isNotice && id === null))
        return { code: 404, message: t('content.common.noResults'), data: null };
      if (isNotice && id !== null) {
        const r = await noticeDetail(id);
        const n = r.data;
        const data: Shown | null =
          isSuccess(r.code) && n
            ? { title: n.title, body: n.body, time: n.createTime, label: t('content.help.notice'), related: [] }
            : null;
        return { code: r.code, message: r.message, data };
      }
      const r = await helpDetail(id !== null ? { id } : { key: key ?? '' });
      const a = r.data;
      const data: Shown | null =
        isSuccess(r.code) && a
          ? { title: a.title, body: a.body, time: a.createTime, label: a.cateName, related: a.related }
          : null;
      return { code: r.code, message: r.message, data };
    }, [id, key, isNotice, t]),
  );
  return (
    <div className="ct-page ct-narrow" data-testid="help-detail">
      <Link className="ct-back" href={isNotice ? `/help?cate=${NOTICES_TAB}` : '/help'}>
        ← {t('content.help.back')}
      </Link>
      <Loaded state={state}>
        {(a) => (
          <>
            <article className="ct-article">
              <h1>{a.title}</h1>
              <div className="ct-meta">
                <span className="ct-tag">{a.label}</span>
                <time>{t('content.common.published', { time: formatDateTime(a.time) })}</time>
              </div>
              <ArticleHtml html={a.body} testId="article-body" />
            </article>
            {a.related.length > 0 && (
              <section className="ct-sections">
                <h2>{t('content.help.related')}</h2>
                <ul>
                  {a.related.map((r) => (
                    <li key={r.id}>
                      <Link href={`/helpDetail/${r.id}`}>{r.title}</Link>
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </Loaded>
    </div>
  );
}
