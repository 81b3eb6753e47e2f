import { useCallback, useEffect, useState } from 'react';
import { useSearch } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { AssetsFrame } from '../common/assets-frame.tsx';
import { loadTransferCoins, type TransferCoin, type Wallet } from './api.ts';
import { initialWallets } from './logic.ts';
import { TransferForm } from './transfer-form.tsx';
import { TransferHistory } from './transfer-history.tsx';
import './moves.css';

interface Balances {
  wallets: Wallet[];
  coins: TransferCoin[];
}

/**
 * /transfer (spec shell §2, §7 "transfers"): money between the funding, spot, contract and copy-trading accounts (the
 * last only while copy trading is on), with the history below. `?coin=&from=&to=` preselect, as the assets pages link.
 */
export function TransferPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const [balances, setBalances] = useState<Balances | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const [initial, setInitial] = useState<{ from: Wallet; to: Wallet; coin: string } | null>(null);
  const [version, setVersion] = useState(0);

  const refresh = useCallback(async () => {
    const r = await loadTransferCoins();
    if (!isSuccess(r.code) || !r.data) {
      setFailed(r.message);
      return;
    }
    const data = r.data;
    setFailed(null);
    setBalances(data);
    // The form starts from the link's choices once; later reloads only refresh what is available.
    setInitial((known) => {
      if (known) return known;
      const query = new URLSearchParams(search);
      const coin = (query.get('coin') ?? '').toUpperCase();
      return {
        ...initialWallets(data.wallets, query.get('from'), query.get('to')),
        coin: data.coins.some((c) => c.coin === coin) ? coin : (data.coins[0]?.coin ?? ''),
      };
    });
  }, [search]);
  useEffect(() => {
    void refresh();
  }, [refresh]);

  return (
    <AssetsFrame title={t('moves.title')}>
      <div className="mv-page" data-testid="transfer-page">
        <p className="mv-muted">{t('moves.subtitle')}</p>
        <div className="mv-columns">
          {balances && initial ? (
            <TransferForm
              wallets={balances.wallets}
              coins={balances.coins}
              initial={initial}
              onDone={() => {
                void refresh();
                setVersion((v) => v + 1);
              }}
            />
          ) : (
            <div className="mv-card mv-form">
              {failed !== null ? (
                <div className="mv-state" role="alert">
                  <p>{failed || t('moves.loadFailed')}</p>
                  <button type="button" className="btn btn-ghost btn-sm" onClick={() => void refresh()}>
                    {t('moves.retry')}
                  </button>
                </div>
              ) : (
                <p className="mv-state">{t('moves.loading')}</p>
              )}
            </div>
          )}
          <aside className="mv-card mv-tips">
            <h2 className="mv-subtitle">{t('moves.tips.title')}</h2>
            <ul>
              <li>{t('moves.tips.instant')}</li>
              <li>{t('moves.tips.funds')}</li>
              <li>{t('moves.tips.spot')}</li>
            </ul>
          </aside>
        </div>
        <TransferHistory version={version} />
      </div>
    </AssetsFrame>
  );
}
