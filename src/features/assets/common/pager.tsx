import { useTranslation } from '../../../i18n/use-translation.ts';
import { pageCount } from './model.ts';

/** Previous / next paging of a record table (spec shell §9: 10 a page); hidden while everything fits on one. */
export function Pager(props: { pageNo: number; total: number; pageSize: number; onPage: (pageNo: number) => void }) {
  const { t } = useTranslation();
  const pages = pageCount(props.total, props.pageSize);
  if (pages <= 1) return null;
  return (
    <nav className="ast-pager" aria-label={t('recharge.paging')}>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={props.pageNo <= 1}
        onClick={() => props.onPage(props.pageNo - 1)}
      >
        {t('recharge.prev')}
      </button>
      <span className="ast-muted">{t('recharge.page', { page: props.pageNo, pages })}</span>
      <button
        type="button"
        className="btn btn-ghost btn-sm"
        disabled={props.pageNo >= pages}
        onClick={() => props.onPage(props.pageNo + 1)}
      >
        {t('recharge.next')}
      </button>
    </nav>
  );
}
