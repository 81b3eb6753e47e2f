import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useRequest } from '../../../api/use-request.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { loadTransfers } from './api.ts';
import { ListState } from './list-state.tsx';
import { Pager } from './pager.tsx';

/** The user's wallet transfers, newest first, 10 a page (spec shell §9); `version` reloads after a new transfer. */
export function TransferHistory({ version }: { version: number }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` is the reload trigger.
  const load = useCallback((signal: AbortSignal) => loadTransfers(pageNo, signal), [pageNo, version]);
  const { state, reload } = useRequest(load);
  return (
    <section className="mv-card" aria-labelledby="transfer-history-title">
      <h2 className="mv-subtitle" id="transfer-history-title">
        {t('moves.history.title')}
      </h2>
      <ListState state={state} reload={reload} empty={t('moves.history.empty')} />
      {state.status === 'done' && state.data.records.length > 0 ? (
        <>
          <div className="mv-table-wrap">
            <table className="mv-table" data-testid="transfer-history">
              <thead>
                <tr>
                  <th>{t('moves.history.time')}</th>
                  <th>{t('moves.history.coin')}</th>
                  <th className="mv-right">{t('moves.history.amount')}</th>
                  <th>{t('moves.history.from')}</th>
                  <th>{t('moves.history.to')}</th>
                  <th>{t('moves.history.status')}</th>
                </tr>
              </thead>
              <tbody>
                {state.data.records.map((r) => (
                  <tr key={r.id}>
                    <td className="mv-num">{formatDateTime(r.createTime, true)}</td>
                    <td>{r.coin}</td>
                    <td className="mv-num mv-right">{r.amount}</td>
                    <td>{t(`moves.wallets.${r.from}`)}</td>
                    <td>{t(`moves.wallets.${r.to}`)}</td>
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
