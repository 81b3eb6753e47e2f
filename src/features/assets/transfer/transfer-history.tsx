import { useCallback, useState } from 'react';
import { useRequest } from '../../../api/use-request.ts';
import { formatDateTime, groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { loadTransfers } from './api.ts';
import { ListState } from './list-state.tsx';
import { MovesTable } from './moves-table.tsx';

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
        <MovesTable
          testId="transfer-history"
          page={state.data}
          pageNo={pageNo}
          onPage={setPageNo}
          columns={[
            { head: t('moves.history.time'), className: 'mv-num', cell: (r) => formatDateTime(r.createTime, true) },
            { head: t('moves.history.coin'), cell: (r) => r.coin },
            { head: t('moves.history.amount'), className: 'mv-num mv-right', cell: (r) => groupDigits(r.amount) },
            { head: t('moves.history.from'), cell: (r) => t(`moves.wallets.${r.from}`) },
            { head: t('moves.history.to'), cell: (r) => t(`moves.wallets.${r.to}`) },
            { head: t('moves.history.status'), className: 'mv-ok', cell: () => t('moves.history.done') },
          ]}
        />
      ) : null}
    </section>
  );
}
