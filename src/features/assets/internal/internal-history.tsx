import { useCallback, useState } from 'react';
import { useRequest } from '../../../api/use-request.ts';
import { formatDateTime, groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ListState } from '../transfer/list-state.tsx';
import { MovesTable } from '../transfer/moves-table.tsx';
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
        <MovesTable
          testId="internal-history"
          page={state.data}
          pageNo={pageNo}
          onPage={setPageNo}
          columns={[
            { head: t('moves.history.time'), className: 'mv-num', cell: (r) => formatDateTime(r.createTime, true) },
            {
              head: t('moves.internal.history.direction'),
              cell: (r) => (
                <span className={r.direction === 'in' ? 'mv-in' : 'mv-out'}>
                  {t(`moves.internal.history.${r.direction}`)}
                </span>
              ),
            },
            { head: t('moves.history.coin'), cell: (r) => r.coin },
            { head: t('moves.history.amount'), className: 'mv-num mv-right', cell: (r) => groupDigits(r.amount) },
            { head: t('moves.internal.fee'), className: 'mv-num mv-right', cell: (r) => groupDigits(r.fee) },
            {
              head: t('moves.internal.history.arrived'),
              className: 'mv-num mv-right',
              cell: (r) => groupDigits(r.arrivedAmount),
            },
            { head: t('moves.internal.history.counterparty'), cell: (r) => r.counterparty },
            { head: t('moves.history.status'), className: 'mv-ok', cell: () => t('moves.history.done') },
          ]}
        />
      ) : null}
    </section>
  );
}
