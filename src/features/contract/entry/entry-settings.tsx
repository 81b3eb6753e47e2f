import { useState } from 'react';
import { PricePreference } from '../../../../common/margin/codes.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { EntrySettings as SpotEntrySettings } from '../../trade/order-entry/order-entry.tsx';
import { refusal, setPricePreference } from './api.ts';
import type { EntrySettings } from './types.ts';

const PREFERENCES = [
  { value: PricePreference.default, name: 'default' },
  { value: PricePreference.mark, name: 'mark' },
  { value: PricePreference.latest, name: 'latest' },
] as const;

/**
 * The spot form's settings (the stored trade config's confirmations, spec shell §3) plus the price preference the PnL
 * and the trade-price triggers follow (POST /swap/preference/price).
 */
export function EntrySettingsMenu(props: { settings: EntrySettings; onChanged: () => void }) {
  const { settings, onChanged } = props;
  const { t } = useTranslation();
  const [server, setServer] = useState<string | null>(null);
  const prefer = async (pricePreference: number) => {
    const refused = refusal(await setPricePreference({ pricePreference }));
    setServer(refused);
    if (!refused) onChanged();
  };
  return (
    <SpotEntrySettings>
      <fieldset>
        <legend>{t('contractEntry.pricePreference')}</legend>
        {PREFERENCES.map((p) => (
          <label key={p.value}>
            <input
              type="radio"
              name="centry-preference"
              checked={settings.pricePreference === p.value}
              onChange={() => void prefer(p.value)}
            />
            {t(`contractEntry.preferences.${p.name}`)}
          </label>
        ))}
        {server && (
          <p className="entry-error" role="alert">
            {server}
          </p>
        )}
      </fieldset>
    </SpotEntrySettings>
  );
}
