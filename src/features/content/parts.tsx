import { type FormEvent, type ReactNode, useState } from 'react';
import type { RequestState } from '../../api/use-request.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { pageCount, pageWindow } from './logic.ts';
import './content.css';

/** Shared pieces of the content pages: heading, trusted article HTML, pager, search box, load states. */

export function PageHead({ title, subtitle, children }: { title: string; subtitle?: string; children?: ReactNode }) {
  return (
    <header className="ct-head">
      <h1>{title}</h1>
      {subtitle && <p className="muted">{subtitle}</p>}
      {children}
    </header>
  );
}

/** Operator-written HTML stored on the server (migrations 0005 and 0009): trusted, never user input. */
export function ArticleHtml({ html, testId }: { html: string; testId?: string }) {
  // biome-ignore lint/security/noDangerouslySetInnerHtml: stored articles are trusted operator HTML.
  return <div className="ct-article-body" data-testid={testId} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function Pager(props: { pageNo: number; pageSize: number; total: number; onPage(page: number): void }) {
  const { t } = useTranslation();
  const pages = pageCount(props.total, props.pageSize);
  if (pages <= 1) return null;
  const go = (p: number) => props.onPage(Math.min(pages, Math.max(1, p)));
  return (
    <nav className="ct-pager" aria-label={t('content.common.pageOf', { page: props.pageNo, pages })}>
      <button type="button" disabled={props.pageNo <= 1} onClick={() => go(props.pageNo - 1)}>
        {t('content.common.prev')}
      </button>
      {pageWindow(props.pageNo, pages).map((p, i) =>
        p === 0 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: gaps have no identity.
          <span key={`gap${i}`}>…</span>
        ) : (
          <button
            type="button"
            key={p}
            aria-current={p === props.pageNo ? 'page' : undefined}
            className={p === props.pageNo ? 'on' : ''}
            onClick={() => go(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" disabled={props.pageNo >= pages} onClick={() => go(props.pageNo + 1)}>
        {t('content.common.next')}
      </button>
    </nav>
  );
}

export function SearchBox(props: { initial: string; placeholder: string; onSearch(keyword: string): void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(props.initial);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    props.onSearch(value.trim());
  };
  return (
    <search>
      <form className="ct-search" onSubmit={submit}>
        <input
          type="search"
          value={value}
          maxLength={50}
          placeholder={props.placeholder}
          aria-label={props.placeholder}
          onChange={(e) => setValue(e.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          {t('content.common.search')}
        </button>
      </form>
    </search>
  );
}

/** Loading, error (the server's message) or the content. */
export function Loaded<T>({ state, children }: { state: RequestState<T>; children: (data: T) => ReactNode }) {
  const { t } = useTranslation();
  if (state.status === 'loading') return <p className="muted ct-state">{t('common.loading')}</p>;
  if (state.status === 'error')
    return (
      <p className="ct-state ct-error" role="alert">
        {state.message || t('content.common.loadFailed')}
      </p>
    );
  return <>{children(state.data)}</>;
}
