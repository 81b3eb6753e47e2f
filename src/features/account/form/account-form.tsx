import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Country } from '../api.ts';
import { countryByArea, storedAreaCode, useCountries } from '../countries.ts';
import { cleanEmail, cleanPhone, emailError, phoneError, type RuleKey } from '../validation.ts';
import { type AccountMode, EmailInput, Field, ModeTabs, PhoneInput } from './fields.tsx';

export interface AccountValue {
  mode: AccountMode;
  areaCode: string;
  /** Two-letter code of the chosen country. */
  country: string;
  phone: string;
  email: string;
}

/** Phone or e-mail with the country list (spec shell §2 /register, /forget, /login). */
export function useAccountValue(initial: string | null): [AccountValue, (v: Partial<AccountValue>) => void] {
  const prefill = initial?.trim() ?? '';
  const isMail = prefill.includes('@');
  const [value, setValue] = useState<AccountValue>({
    mode: isMail ? 'email' : 'phone',
    areaCode: storedAreaCode(),
    country: '',
    phone: isMail ? '' : cleanPhone(prefill),
    email: isMail ? cleanEmail(prefill) : '',
  });
  const update = useCallback((v: Partial<AccountValue>) => setValue((old) => ({ ...old, ...v })), []);
  return [value, update];
}

export function accountError(v: AccountValue): RuleKey | null {
  return v.mode === 'phone' ? phoneError(v.phone) : emailError(v.email);
}

export function AccountFields(props: {
  value: AccountValue;
  onChange: (v: Partial<AccountValue>) => void;
  error: RuleKey | null;
}) {
  const { t } = useTranslation();
  const countries = useCountries();
  const { value, onChange } = props;
  // The two-letter code follows the area code once the list is known.
  useEffect(() => {
    const c = countryByArea(countries, value.areaCode);
    if (c && c.twoCode !== value.country) onChange({ country: c.twoCode });
  }, [countries, value.areaCode, value.country, onChange]);
  return (
    <>
      <ModeTabs mode={value.mode} onChange={(mode) => onChange({ mode })} />
      {value.mode === 'phone' ? (
        <Field label={t('account.phone')} error={props.error}>
          <PhoneInput
            countries={countries}
            areaCode={value.areaCode}
            onArea={(c: Country) => onChange({ areaCode: c.areaCode, country: c.twoCode })}
            phone={value.phone}
            onPhone={(phone) => onChange({ phone })}
          />
        </Field>
      ) : (
        <Field label={t('account.email')} error={props.error}>
          <EmailInput value={value.email} onChange={(email) => onChange({ email })} />
        </Field>
      )}
    </>
  );
}
