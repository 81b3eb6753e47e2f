import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequest } from '../../../api/use-request.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { ListState } from '../transfer/list-state.tsx';
import { Pager } from '../transfer/pager.tsx';
import { loadInternalTransfers } from './api.ts';

type Direction = '' | 'out' | 'in';
const DIRECTIONS: readonly Direction[] = ['', 'out', 'in'];

/** The user's internal transfers, sent and received, 10 a page (spec shell §9); `version` reloads after a send. */
export function InternalHistory({ version }: { version: number }) {
  const { t } = useTranslation();
  const [direction, setDirection] = useState<Direction>('');
  const [pageNo, setPageNo] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  const load = useCallback(
    (signal: AbortSignal) => loadInternalTransfers(pageNo, direction, signal),
    [pageNo, direction, version],
  );
  const { state, reload } = useRequest(load);
  return (
    <section className="mv-section" aria-labelledby="internal-history-title">
      <div className="mv-panel-head">
        <h2 className="mv-subtitle" id="internal-history-title">
          {t('moves.internal.history.title')}
        </h2>
        <div className="mv-tabs" role="tablist">
          {DIRECTIONS.map((d) => (
            <button
              key={d || 'all'}
              type="button"
              role="tab"
              className="mv-tab"
              aria-selected={direction === d}
              onClick={() => {
                setDirection(d);
                setPageNo(1);
              }}
            >
              {t(`moves.internal.history.${d || 'all'}`)}
            </button>
          ))}
        </div>
      </div>
      <ListState state={state} reload={reload} empty={t('moves.internal.history.empty')} />
      {state.status === 'done' && state.data.records.length > 0 ? (
        <>
          <div className="mv-table-wrap">
            <table className="mv-table" data-testid="internal-history">
              <thead>
                <tr>
                  <th>{t('moves.history.time')}</th>
                  <th>{t('moves.internal.history.direction')}</th>
                  <th>{t('moves.history.coin')}</th>
                  <th className="mv-right">{t('moves.history.amount')}</th>
                  <th className="mv-right">{t('moves.internal.fee')}</th>
                  <th className="mv-right">{t('moves.internal.history.arrived')}</th>
                  <th>{t('moves.internal.history.counterparty')}</th>
                  <th>{t('moves.history.status')}</th>
                </tr>
              </thead>
              <tbody>
                {state.data.records.map((r) => (
                  <tr key={r.id}>
                    <td className="mv-num">{formatDateTime(r.createTime, true)}</td>
                    <td className={r.direction === 'in' ? 'mv-in' : 'mv-out'}>
                      {t(`moves.internal.history.${r.direction}`)}
                    </td>
                    <td>{r.coin}</td>
                    <td className="mv-num mv-right">{r.amount}</td>
                    <td className="mv-num mv-right">{r.fee}</td>
                    <td className="mv-num mv-right">{r.arrivedAmount}</td>
                    <td>{r.counterparty}</td>
                    <td className="mv-ok">{t('moves.history.done')}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager pageNo={pageNo} total={state.data.total} pageSize={state.data.pageSize} onPage={setPageNo} />
        </>
      ) : null}
    </section>
  );
}
