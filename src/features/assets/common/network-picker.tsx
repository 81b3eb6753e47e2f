import { useTranslation } from '../../../i18n/use-translation.ts';
import type { NetworkInfo } from './api.ts';

/**
 * The network choice (spec shell §7 "protocol"): one chip per network the coin moves on, with its chain's name; a
 * network closed for this purpose is shown but cannot be picked.
 */
export function NetworkPicker(props: {
  networks: readonly NetworkInfo[];
  value: string;
  purpose: 'deposit' | 'withdraw';
  onChange: (protocol: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="ast-chips" role="radiogroup" aria-label={t('recharge.network')} data-testid="network-picker">
      {props.networks.map((n) => {
        const open = props.purpose === 'deposit' ? n.canDeposit : n.canWithdraw;
        return (
          // biome-ignore lint/a11y/useSemanticElements: chips are buttons styled as a radio group.
          <button
            key={n.protocol}
            type="button"
            role="radio"
            aria-checked={n.protocol === props.value}
            className={n.protocol === props.value ? 'ast-chip active' : 'ast-chip'}
            disabled={!open}
            title={open ? n.name : t('recharge.suspended')}
            data-protocol={n.protocol}
            onClick={() => props.onChange(n.protocol)}
          >
            <strong>{n.protocol}</strong>
            <span>{n.name}</span>
          </button>
        );
      })}
    </div>
  );
}
