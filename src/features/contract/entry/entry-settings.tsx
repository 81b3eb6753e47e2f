import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PricePreference } from '../../../../common/margin/codes.ts';
import { Popover } from '../../../ui/popover.tsx';
import { setTradeConfig, useTradeConfig } from '../../trade/trade-config.ts';
import { refusal, setPricePreference } from './api.ts';
import type { EntrySettings } from './types.ts';

const PREFERENCES = [
  { value: PricePreference.default, name: 'default' },
  { value: PricePreference.mark, name: 'mark' },
  { value: PricePreference.latest, name: 'latest' },
] as const;

/**
 * The confirmations of the stored trade config (shared with spot, spec shell §3) and the price preference the PnL and
 * the trade-price triggers follow (POST /swap/preference/price).
 */
export function EntrySettingsMenu(props: { settings: EntrySettings; onChanged: () => void }) {
  const { settings, onChanged } = props;
  const { t } = useTranslation();
  const config = useTradeConfig();
  const [open, setOpen] = useState(false);
  const [server, setServer] = useState<string | null>(null);
  const prefer = async (pricePreference: number) => {
    const refused = refusal(await setPricePreference({ pricePreference }));
    setServer(refused);
    if (!refused) onChanged();
  };
  return (
    <div className="entry-settings">
      <Popover
        open={open}
        onOpenChange={setOpen}
        className="entry-settings-menu"
        label={t('contractEntry.settings')}
        align="end"
        trigger={
          <button
            type="button"
            className="icon-button"
            aria-label={t('contractEntry.settings')}
            title={t('contractEntry.settings')}
          >
            ⚙
          </button>
        }
      >
        <fieldset>
          <legend>{t('contractEntry.settings')}</legend>
          <label>
            <input
              type="checkbox"
              checked={config.marketConfirm}
              onChange={(e) => setTradeConfig({ marketConfirm: e.target.checked })}
            />
            {t('contractEntry.marketConfirm')}
          </label>
          <label>
            <input
              type="checkbox"
              checked={config.orderConfirm}
              onChange={(e) => setTradeConfig({ orderConfirm: e.target.checked })}
            />
            {t('contractEntry.orderConfirm')}
          </label>
        </fieldset>
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
      </Popover>
    </div>
  );
}
