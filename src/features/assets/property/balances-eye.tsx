import { useTranslation } from 'react-i18next';
import { balancesShown, setBalancesShown, usePreferencesVersion } from '../../../app/preferences.ts';
import { EyeIcon, EyeOffIcon } from '../../../ui/icons.tsx';

/**
 * Whether balances are shown: the stored show-eye flag of spec shell §4, the one the header's assets dropdown reads,
 * so hiding here hides there and back. Re-renders when it changes anywhere.
 */
export function useBalancesShown(): boolean {
  usePreferencesVersion();
  return balancesShown();
}

/** The eye that hides and shows balances. */
export function BalancesEye() {
  const { t } = useTranslation();
  const shown = useBalancesShown();
  return (
    <button
      type="button"
      className="icon-btn pty-eye"
      data-testid="property-eye"
      onClick={() => setBalancesShown(!shown)}
      aria-label={shown ? t('assets.hideBalances') : t('assets.showBalances')}
      aria-pressed={!shown}
    >
      {shown ? <EyeIcon /> : <EyeOffIcon />}
    </button>
  );
}
