import type { RequestState } from '../../../api/use-request.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';

/**
 * What a moves history shows before its table: loading, the error with a retry, or `empty` when there are no records.
 * Null once there are records to list.
 */
export function ListState(props: {
  state: RequestState<{ records: readonly unknown[] }>;
  reload: () => void;
  empty: string;
}) {
  const { t } = useTranslation();
  const { state } = props;
  if (state.status === 'loading') return <p className="mv-state">{t('moves.loading')}</p>;
  if (state.status === 'error') {
    return (
      <div className="mv-state" role="alert">
        <p>{state.message || t('moves.loadFailed')}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={props.reload}>
          {t('moves.retry')}
        </button>
      </div>
    );
  }
  return state.data.records.length === 0 ? <p className="mv-state">{props.empty}</p> : null;
}
