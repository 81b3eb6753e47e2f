import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearch } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { DEPOSIT_STATUS, type DepositPage, loadDeposits, loadWithdrawInfo } from '../common/api.ts';
import { AssetsFrame } from '../common/assets-frame.tsx';
import { CoinNetworkFields, CoinsStatus } from '../common/coin-network.tsx';
import { historyKey, RECORDS_PAGE_SIZE } from '../common/model.ts';
import { useCoins } from '../common/use-coins.ts';
import { usePaged } from '../common/use-paged.ts';
import { DepositAddressPanel } from './deposit-address.tsx';
import { DepositHistory } from './deposit-history.tsx';

/**
 * /recharge (spec shell §2, §7 "Assets"; issue 9): coin and network choice with search, the deposit address with copy
 * and QR, the memo or tag where the network needs one, minimum and confirmations, the funding account's balance, and
 * the deposit history with details. In non-production mode a deposit can be simulated (the server says so).
 */
export function RechargePage() {
  const { t } = useTranslation();
  const { state, retry } = useCoins();
  const wanted = new URLSearchParams(useSearch()).get('coin')?.toUpperCase() ?? '';
  const coins = useMemo(() => (state.status === 'done' ? state.coins.filter((c) => c.canDeposit) : []), [state]);
  const [unit, setUnit] = useState('');
  const [protocol, setProtocol] = useState('');
  const [onlyCoin, setOnlyCoin] = useState(false);

  const coin = coins.find((c) => c.unit === unit) ?? coins.find((c) => c.unit === wanted) ?? coins[0];
  const network =
    coin?.networks.find((n) => n.protocol === protocol && n.canDeposit) ?? coin?.networks.find((n) => n.canDeposit);

  const filter = onlyCoin ? coin?.unit : undefined;
  const load = useCallback((pageNo: number) => loadDeposits(pageNo, RECORDS_PAGE_SIZE, filter), [filter]);
  const history = usePaged(load, (page: DepositPage) => page.records.some((d) => d.status === DEPOSIT_STATUS.pending));
  const { setPageNo } = history;

  // The funding account's balance of the coin, again whenever a record came or changed status (a deposit credited).
  const [balance, setBalance] = useState<{ coin: string; available: string; frozen: string } | null>(null);
  const unitNow = coin?.unit;
  const historyVersion = history.state.status === 'done' ? historyKey(history.state.page.records) : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `historyVersion` is the refresh trigger.
  useEffect(() => {
    if (!unitNow) return;
    let live = true;
    void loadWithdrawInfo(unitNow).then((r) => {
      if (live && isSuccess(r.code) && r.data) setBalance(r.data);
    });
    return () => {
      live = false;
    };
  }, [unitNow, historyVersion]);

  const simulator = history.state.status === 'done' && history.state.page.simulator;

  return (
    <AssetsFrame title={t('recharge.title')}>
      <CoinsStatus status={state.status} hasCoin={!!coin} retry={retry} />
      {coin && network ? (
        <div className="ast-grid">
          <section className="ast-card ast-form" aria-label={t('recharge.title')}>
            <CoinNetworkFields
              coins={coins}
              coin={coin}
              network={network}
              purpose="deposit"
              onCoin={(next) => {
                setUnit(next);
                setProtocol('');
                if (onlyCoin) setPageNo(1);
              }}
              onNetwork={setProtocol}
              networkTip={<p className="ast-muted ast-small">{t('recharge.networkTip')}</p>}
            />
            <DepositAddressPanel coin={coin} network={network} simulator={simulator} onSimulated={history.reload} />
          </section>
          <aside className="ast-card ast-side">
            <h2 className="ast-subtitle">{t('recharge.fundsBalance')}</h2>
            <dl className="ast-facts">
              <dt>{t('recharge.available')}</dt>
              <dd data-testid="funds-available">
                {balance?.coin === coin.unit ? `${groupDigits(balance.available)} ${coin.unit}` : '--'}
              </dd>
              <dt>{t('recharge.frozen')}</dt>
              <dd>{balance?.coin === coin.unit ? `${groupDigits(balance.frozen)} ${coin.unit}` : '--'}</dd>
            </dl>
            <h2 className="ast-subtitle">{t('recharge.tipsTitle')}</h2>
            <ul className="ast-tips">
              <li>{t('recharge.tipOnlyCoin', { coin: coin.unit, network: network.protocol })}</li>
              <li>{t('recharge.tipMin', { min: network.depositMin, coin: coin.unit })}</li>
              <li>{t('recharge.tipConfirm', { n: network.confirmations })}</li>
            </ul>
          </aside>
        </div>
      ) : null}
      <DepositHistory
        state={history.state}
        pageNo={history.pageNo}
        onPage={history.setPageNo}
        onRetry={history.reload}
        toolbar={
          <label className="ast-check">
            <input
              type="checkbox"
              checked={onlyCoin}
              onChange={(e) => {
                setOnlyCoin(e.target.checked);
                setPageNo(1);
              }}
            />
            <span>{t('recharge.history.onlyCoin', { coin: coin?.unit ?? '' })}</span>
          </label>
        }
      />
    </AssetsFrame>
  );
}
