import { useTranslation } from '../../../i18n/use-translation.ts';
import { pageCount } from '../common/model.ts';

/** Previous / next with "page of pages" (spec shell §9: records page by 10); hidden for a single page. */
export function Pager(props: { pageNo: number; total: number; pageSize: number; onPage: (page: number) => void }) {
  const { t } = useTranslation();
  const pages = pageCount(props.total, props.pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="mv-pager" aria-label={t('moves.pager.page', { page: props.pageNo, pages })}>
      <button
        type="button"
        className="mv-page-button"
        aria-label={t('moves.pager.prev')}
        disabled={props.pageNo <= 1}
        onClick={() => props.onPage(props.pageNo - 1)}
      >
        ‹
      </button>
      <span className="mv-num">{t('moves.pager.page', { page: props.pageNo, pages })}</span>
      <button
        type="button"
        className="mv-page-button"
        aria-label={t('moves.pager.next')}
        disabled={props.pageNo >= pages}
        onClick={() => props.onPage(props.pageNo + 1)}
      >
        ›
      </button>
    </nav>
  );
}
