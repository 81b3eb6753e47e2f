import { useTranslation } from 'react-i18next';
import { useRequest } from '../../../api/use-request.ts';
import { formatDateTime } from '../../../format/time.ts';
import { loadConverts } from './api.ts';

/** The user's last ten conversions (spec shell §9: records page by 10). */
export function ConvertHistory() {
  const { t } = useTranslation();
  const { state, reload } = useRequest(loadConverts);
  if (state.status === 'loading') return <p className="mv-state">{t('moves.loading')}</p>;
  if (state.status === 'error') {
    return (
      <div className="mv-state" role="alert">
        <p>{state.message || t('moves.loadFailed')}</p>
        <button type="button" className="btn btn-ghost btn-sm" onClick={reload}>
          {t('moves.retry')}
        </button>
      </div>
    );
  }
  if (state.data.records.length === 0) return <p className="mv-state">{t('moves.convert.empty')}</p>;
  return (
    <div className="mv-table-wrap">
      <table className="mv-table" data-testid="convert-history">
        <thead>
          <tr>
            <th>{t('moves.convert.time')}</th>
            <th className="mv-right">{t('moves.convert.paid')}</th>
            <th className="mv-right">{t('moves.convert.received')}</th>
          </tr>
        </thead>
        <tbody>
          {state.data.records.map((r) => (
            <tr key={r.id}>
              <td className="mv-num">{formatDateTime(r.createTime)}</td>
              <td className="mv-num mv-right">
                {r.amount} {r.from}
              </td>
              <td className="mv-num mv-right">
                {r.receive} {r.to}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
