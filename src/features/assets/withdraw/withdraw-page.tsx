import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import {
  loadWithdrawals,
  loadWithdrawInfo,
  type Page,
  WITHDRAW_STATUS,
  type WithdrawInfo,
  type WithdrawRecord,
} from '../common/api.ts';
import { AssetsFrame } from '../common/assets-frame.tsx';
import { CoinNetworkFields, CoinsStatus } from '../common/coin-network.tsx';
import { historyKey, RECORDS_PAGE_SIZE } from '../common/model.ts';
import { useCoins } from '../common/use-coins.ts';
import { usePaged } from '../common/use-paged.ts';
import { InternalTransferPanel } from '../internal/internal-transfer-panel.tsx';
import { WithdrawFormPanel } from './withdraw-form.tsx';
import { WithdrawHistory } from './withdraw-history.tsx';

type Tab = 'chain' | 'internal';

const moving = (page: Page<WithdrawRecord>) =>
  page.records.some((w) => w.status === WITHDRAW_STATUS.pending || w.status === WITHDRAW_STATUS.processing);

/**
 * /withdraw (spec shell §2, §7 "Assets"; issue 9): two tabs, an on-chain withdrawal (coin, network, the form, the
 * withdrawal history with cancel and details) and an internal transfer to another member (its own panel).
 */
export function WithdrawPage() {
  const { t } = useTranslation();
  const params = new URLSearchParams(useSearch());
  // `?tab=internal` opens the member tab: the bills link an internal transfer's record there (bill/model.ts).
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'internal' ? 'internal' : 'chain');
  const wanted = params.get('coin')?.toUpperCase() ?? '';
  const { state, retry } = useCoins();
  const coins = useMemo(() => (state.status === 'done' ? state.coins.filter((c) => c.canWithdraw) : []), [state]);
  const [unit, setUnit] = useState('');
  const [protocol, setProtocol] = useState('');
  const coin = coins.find((c) => c.unit === unit) ?? coins.find((c) => c.unit === wanted) ?? coins[0];
  const network =
    coin?.networks.find((n) => n.protocol === protocol && n.canWithdraw) ?? coin?.networks.find((n) => n.canWithdraw);

  const load = useCallback((pageNo: number) => loadWithdrawals(pageNo, RECORDS_PAGE_SIZE), []);
  const history = usePaged(load, moving);

  // The funds wallet's balance and the user's factors.
  const [info, setInfo] = useState<WithdrawInfo | null>(null);
  const unitNow = coin?.unit;
  // A new, processed, done or cancelled withdrawal moves the balance: it is read again when a record's status moved.
  const historyVersion = history.state.status === 'done' ? historyKey(history.state.page.records) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `historyVersion` is the reload trigger.
  useEffect(() => {
    if (!unitNow) return;
    let live = true;
    setInfo((i) => (i?.coin === unitNow ? i : null));
    void loadWithdrawInfo(unitNow).then((r) => {
      if (live && isSuccess(r.code) && r.data) setInfo(r.data);
    });
    return () => {
      live = false;
    };
  }, [unitNow, historyVersion]);
  const changed = history.reload;

  return (
    <AssetsFrame title={t('recharge.withdraw.title')}>
      <div className="ast-tabs" role="tablist">
        {(['chain', 'internal'] as const).map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            aria-selected={tab === k}
            className={tab === k ? 'ast-tab active' : 'ast-tab'}
            onClick={() => setTab(k)}
          >
            {t(k === 'chain' ? 'recharge.withdraw.onChain' : 'recharge.withdraw.internal')}
          </button>
        ))}
      </div>
      {tab === 'internal' ? (
        <section className="ast-card" role="tabpanel">
          <InternalTransferPanel />
        </section>
      ) : (
        <>
          <CoinsStatus status={state.status} hasCoin={!!coin} retry={retry} />
          {coin && network ? (
            <div className="ast-grid" role="tabpanel">
              <section className="ast-card">
                <CoinNetworkFields
                  coins={coins}
                  coin={coin}
                  network={network}
                  purpose="withdraw"
                  onCoin={(next) => {
                    setUnit(next);
                    setProtocol('');
                  }}
                  onNetwork={setProtocol}
                  networkTip={<p className="ast-muted ast-small">{t('recharge.withdraw.networkTip')}</p>}
                />
                <WithdrawFormPanel coin={coin} network={network} info={info} onCreated={changed} />
              </section>
              <aside className="ast-card ast-side">
                <h2 className="ast-subtitle">{t('recharge.tipsTitle')}</h2>
                <ul className="ast-tips">
                  <li>{t('recharge.withdraw.tipNetwork', { network: network.protocol })}</li>
                  <li>{t('recharge.withdraw.tipReview')}</li>
                  <li>{t('recharge.withdraw.tipFunds')}</li>
                </ul>
              </aside>
            </div>
          ) : null}
          <WithdrawHistory
            state={history.state}
            pageNo={history.pageNo}
            onPage={history.setPageNo}
            onRetry={history.reload}
            onChanged={changed}
          />
        </>
      )}
    </AssetsFrame>
  );
}
