import { useTranslation } from '../../../i18n/use-translation.ts';
import type { PagedState } from './use-paged.ts';

/** What a paged list shows before its table: loading, the error with a retry, or `empty`; null once it has records. */
export function PagedStatus(props: {
  state: PagedState<{ records: readonly unknown[] }>;
  onRetry: () => void;
  empty: string;
}) {
  const { t } = useTranslation();
  const { state } = props;
  if (state.status === 'loading') return <p className="ast-muted ast-empty">{t('recharge.loading')}</p>;
  if (state.status === 'error') {
    return (
      <p className="ast-error ast-empty" role="alert">
        {t('recharge.loadFailed')}{' '}
        <button type="button" className="ast-link" onClick={props.onRetry}>
          {t('recharge.retry')}
        </button>
      </p>
    );
  }
  return state.page.records.length === 0 ? <p className="ast-muted ast-empty">{props.empty}</p> : null;
}
