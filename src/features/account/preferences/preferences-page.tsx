import { useEffect, useState } from 'react';
import { UP_DOWN_COLORS } from '../../../../common/contracts/shell.ts';
import type { Lang } from '../../../../common/i18n.ts';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { useShell } from '../../../app/shell-state.tsx';
import { setUpDown } from '../../../app/up-down.ts';
import { DISPLAY_CURRENCIES, type DisplayCurrency } from '../../../format/currency.ts';
import { LANGUAGE_NAMES } from '../../../i18n/languages.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { loadPersonal, savePersonal } from '../api.ts';
import { Field } from '../form/fields.tsx';
import { AccountLayout } from '../security/account-nav.tsx';
import { NetworkCheck } from './network-check.tsx';

/** /preferences: language, up/down colour (1 green up, 2 red up) and display currency, saved to personal settings. */
export function PreferencesPage() {
  const { t } = useTranslation();
  const shell = useShell();
  const [color, setColor] = useState(1);
  useEffect(() => {
    void loadPersonal().then((r) => {
      if (!isSuccess(r.code) || !r.data?.color) return;
      setColor(r.data.color);
      setUpDown(r.data.color);
    });
  }, []);
  const saveColor = async (next: (typeof UP_DOWN_COLORS)[number]) => {
    const before = color;
    setColor(next);
    setUpDown(next);
    if (isSuccess((await savePersonal({ color: next })).code)) return showToast('success', t('account.security.saved'));
    setColor(before);
    setUpDown(before);
  };
  const saveCurrency = async (next: DisplayCurrency) => {
    shell.setCurrency(next);
    if (isSuccess((await savePersonal({ currency: next })).code)) showToast('success', t('account.security.saved'));
  };
  return (
    <AccountLayout>
      <div className="acc-panel acc-form" data-testid="preferences">
        <h1 className="acc-title">{t('account.security.preferences.title')}</h1>
        <Field label={t('account.security.preferences.language')}>
          <select
            className="acc-input"
            name="lang"
            value={shell.lang}
            onChange={(e) => void shell.switchLanguage(e.target.value as Lang)}
          >
            {shell.languages.map((l) => (
              <option key={l} value={l}>
                {LANGUAGE_NAMES[l]}
              </option>
            ))}
          </select>
        </Field>
        <Field label={t('account.security.preferences.color')}>
          <div className="acc-tabs acc-choice">
            {[
              { v: UP_DOWN_COLORS[0], label: t('account.security.preferences.greenUp') },
              { v: UP_DOWN_COLORS[1], label: t('account.security.preferences.redUp') },
            ].map((o) => (
              <button
                key={o.v}
                type="button"
                className={color === o.v ? 'acc-tab active' : 'acc-tab'}
                aria-pressed={color === o.v}
                onClick={() => void saveColor(o.v)}
              >
                {o.label}
              </button>
            ))}
          </div>
        </Field>
        <Field label={t('account.security.preferences.currency')}>
          <select
            className="acc-input"
            name="currency"
            value={shell.currency}
            onChange={(e) => void saveCurrency(e.target.value as DisplayCurrency)}
          >
            {DISPLAY_CURRENCIES.map((c) => (
              <option key={c} value={c}>
                {c}
              </option>
            ))}
          </select>
        </Field>
        <NetworkCheck />
      </div>
    </AccountLayout>
  );
}
