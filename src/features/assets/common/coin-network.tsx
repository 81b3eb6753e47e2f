import type { ReactNode } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { CoinInfo, NetworkInfo } from './api.ts';
import { CoinPicker } from './coin-picker.tsx';
import { NetworkPicker } from './network-picker.tsx';

/** What the deposit and withdraw pages show before a coin is chosen: loading, a failure with a retry, no coin. */
export function CoinsStatus(props: { status: 'loading' | 'error' | 'done'; hasCoin: boolean; retry: () => void }) {
  const { t } = useTranslation();
  if (props.status === 'loading') return <p className="ast-card ast-muted">{t('recharge.loading')}</p>;
  if (props.status === 'error') {
    return (
      <p className="ast-card ast-error" role="alert">
        {t('recharge.loadFailed')}{' '}
        <button type="button" className="ast-link" onClick={props.retry}>
          {t('recharge.retry')}
        </button>
      </p>
    );
  }
  return props.hasCoin ? null : <p className="ast-card ast-muted">{t('recharge.noCoin')}</p>;
}

/** The coin and its network, for a deposit or a withdrawal; another coin starts from its first network. */
export function CoinNetworkFields(props: {
  coins: readonly CoinInfo[];
  coin: CoinInfo;
  network: NetworkInfo;
  purpose: 'deposit' | 'withdraw';
  onCoin: (unit: string) => void;
  onNetwork: (protocol: string) => void;
  networkTip?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <>
      <div className="ast-field">
        <span className="ast-label">{t('recharge.coin')}</span>
        <CoinPicker coins={props.coins} value={props.coin.unit} onChange={props.onCoin} />
      </div>
      <div className="ast-field">
        <span className="ast-label">{t('recharge.network')}</span>
        <NetworkPicker
          networks={props.coin.networks}
          value={props.network.protocol}
          purpose={props.purpose}
          onChange={props.onNetwork}
        />
        {props.networkTip}
      </div>
    </>
  );
}
