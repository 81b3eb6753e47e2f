import { useRequest } from '../../../api/use-request.ts';
import { formatDateTime, groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ListState } from '../transfer/list-state.tsx';
import { loadConverts } from './api.ts';

/** The user's last ten conversions (spec shell §9: records page by 10). */
export function ConvertHistory() {
  const { t } = useTranslation();
  const { state, reload } = useRequest(loadConverts);
  if (state.status !== 'done' || state.data.records.length === 0) {
    return <ListState state={state} reload={reload} empty={t('moves.convert.empty')} />;
  }
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
                {groupDigits(r.amount)} {r.from}
              </td>
              <td className="mv-num mv-right">
                {groupDigits(r.receive)} {r.to}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
