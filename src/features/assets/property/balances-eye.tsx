import { setBalancesShown, useBalancesShown } from '../../../app/preferences.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { EyeIcon, EyeOffIcon } from '../../../ui/icons.tsx';

/** The eye that hides and shows balances (the flag the header's assets dropdown reads too). */
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
