import { useEffect } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { Country } from '../api.ts';
import { countryByArea, useCountries } from '../countries.ts';
import type { RuleKey } from '../validation.ts';
import type { AccountValue } from './account-model.ts';
import { EmailInput, Field, ModeTabs, PhoneInput } from './fields.tsx';

/** Phone or e-mail with the country list (spec shell §2 /register, /forget, /login); the rules are account-model.ts. */
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
