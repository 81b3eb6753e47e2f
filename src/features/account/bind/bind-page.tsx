import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearch } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import {
  bindEmail,
  bindPhone,
  type Channel,
  changeEmail,
  changePhone,
  type FactorCodes,
  sendSecureCode,
} from '../api.ts';
import { countryByArea, storedAreaCode, useCountries } from '../countries.ts';
import { EmailInput, Field, PhoneInput } from '../form/fields.tsx';
import { AccountLayout } from '../security/account-nav.tsx';
import { FactorCodeFields, missingFactor } from '../security/factor-codes.tsx';
import { CodeInput, SendCodeInput } from '../security/send-code-input.tsx';
import { useSecurity } from '../security/use-security.ts';
import { codeError, emailError, phoneError, type RuleKey } from '../validation.ts';

/**
 * /bind and /change (spec shell §2, §7): bind an e-mail or phone with its code and the codes of the bound channels;
 * change one verified on both the old and the new address. `?type=email|phone`.
 */
export function BindPage({ change = false }: { change?: boolean }) {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const channel: Channel = new URLSearchParams(useSearch()).get('type') === 'phone' ? 'phone' : 'email';
  const { security } = useSecurity();
  const countries = useCountries();
  const [areaCode, setAreaCode] = useState(storedAreaCode);
  const [phone, setPhone] = useState('');
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [oldCode, setOldCode] = useState('');
  const [codes, setCodes] = useState<FactorCodes>({});
  const [error, setError] = useState<{ field: string; rule: RuleKey } | null>(null);
  const [busy, setBusy] = useState(false);
  const country = countryByArea(countries, areaCode)?.twoCode ?? '';
  const addressError = () => (channel === 'email' ? emailError(email) : phoneError(phone));

  // spec shell §5: bind mode needs a non-empty phone or e-mail before a code is sent.
  const sendNew = async () => {
    const failed = addressError();
    if (failed) {
      setError({ field: 'address', rule: failed });
      return null;
    }
    return sendSecureCode(channel, change ? 'CHANGE' : 'BIND', channel === 'email' ? email : phone, country);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!security || busy) return;
    const failed = addressError();
    if (failed) return setError({ field: 'address', rule: failed });
    const codeRule = codeError(code);
    if (codeRule) return setError({ field: 'code', rule: codeRule });
    if (change && !oldCode) return setError({ field: 'oldCode', rule: 'codeRequired' });
    const others = { ...security, verifyList: security.verifyList.filter((c) => c !== channel) };
    const missing = change ? null : missingFactor(others, codes);
    if (missing) return setError({ field: 'factors', rule: missing });
    setBusy(true);
    const r = change
      ? channel === 'email'
        ? await changeEmail(email, code, oldCode, codes.googleCode)
        : await changePhone(country, phone, code, oldCode, codes.googleCode)
      : channel === 'email'
        ? await bindEmail(email, code, codes)
        : await bindPhone(country, phone, code, codes);
    setBusy(false);
    if (!isSuccess(r.code)) return;
    showToast('success', t('account.security.saved'));
    navigate('/safety');
  };

  const title = change ? t(`account.security.changeTitle.${channel}`) : t(`account.security.bindTitle.${channel}`);
  return (
    <AccountLayout>
      <form className="acc-panel acc-form" onSubmit={(e) => void submit(e)} noValidate data-testid="bind-form">
        <h1 className="acc-title">{title}</h1>
        {change && security ? (
          <SendCodeInput
            label={t(`account.security.oldCode.${channel}`)}
            name="oldCode"
            value={oldCode}
            onChange={setOldCode}
            send={() => sendSecureCode(channel, 'CHANGE')}
            error={error?.field === 'oldCode' ? error.rule : null}
          />
        ) : null}
        <Field
          label={t(`account.security.newAddress.${channel}`)}
          error={error?.field === 'address' ? error.rule : null}
        >
          {channel === 'email' ? (
            <EmailInput value={email} onChange={setEmail} />
          ) : (
            <PhoneInput
              countries={countries}
              areaCode={areaCode}
              onArea={(c) => setAreaCode(c.areaCode)}
              phone={phone}
              onPhone={setPhone}
            />
          )}
        </Field>
        <SendCodeInput
          label={change ? t('account.security.newCode') : t(`account.security.${channel}Code`)}
          name="code"
          value={code}
          onChange={setCode}
          send={sendNew}
          error={error?.field === 'code' ? error.rule : null}
        />
        {security && !change ? (
          <FactorCodeFields
            security={{ ...security, verifyList: security.verifyList.filter((c) => c !== channel) }}
            type="BIND"
            codes={codes}
            onChange={setCodes}
          />
        ) : null}
        {security && change && security.googleStatus === 1 ? (
          <CodeInput
            label={t('account.security.googleCode')}
            name="googleCode"
            value={codes.googleCode ?? ''}
            onChange={(googleCode) => setCodes({ ...codes, googleCode })}
          />
        ) : null}
        {error?.field === 'factors' ? (
          <span className="acc-error" role="alert">
            {t(`account.rules.${error.rule}`)}
          </span>
        ) : null}
        <button type="submit" className="btn btn-primary acc-submit" disabled={busy || !security}>
          {t('account.submit')}
        </button>
      </form>
    </AccountLayout>
  );
}

export function ChangePage() {
  return <BindPage change />;
}
