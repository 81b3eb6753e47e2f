import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearch } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import {
  loadWithdrawals,
  loadWithdrawInfo,
  type Page,
  WITHDRAW_STATUS,
  type WithdrawInfo,
  type WithdrawRecord,
} from '../common/api.ts';
import { AssetsFrame } from '../common/assets-frame.tsx';
import { CoinPicker } from '../common/coin-picker.tsx';
import { historyKey, RECORDS_PAGE_SIZE } from '../common/model.ts';
import { NetworkPicker } from '../common/network-picker.tsx';
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
          {state.status === 'loading' ? <p className="ast-card ast-muted">{t('recharge.loading')}</p> : null}
          {state.status === 'error' ? (
            <p className="ast-card ast-error" role="alert">
              {t('recharge.loadFailed')}{' '}
              <button type="button" className="ast-link" onClick={retry}>
                {t('recharge.retry')}
              </button>
            </p>
          ) : null}
          {state.status === 'done' && !coin ? <p className="ast-card ast-muted">{t('recharge.noCoin')}</p> : null}
          {coin && network ? (
            <div className="ast-grid" role="tabpanel">
              <section className="ast-card">
                <div className="ast-field">
                  <span className="ast-label">{t('recharge.coin')}</span>
                  <CoinPicker
                    coins={coins}
                    value={coin.unit}
                    onChange={(next) => {
                      setUnit(next);
                      setProtocol('');
                    }}
                  />
                </div>
                <div className="ast-field">
                  <span className="ast-label">{t('recharge.network')}</span>
                  <NetworkPicker
                    networks={coin.networks}
                    value={network.protocol}
                    purpose="withdraw"
                    onChange={setProtocol}
                  />
                  <p className="ast-muted ast-small">{t('recharge.withdraw.networkTip')}</p>
                </div>
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
