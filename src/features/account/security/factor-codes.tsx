import { useTranslation } from '../../../i18n/use-translation.ts';
import { type FactorCodes, type SecureType, type SecuritySetting, sendSecureCode } from '../api.ts';
import { CodeInput, SendCodeInput } from './send-code-input.tsx';

/**
 * The codes a sensitive change needs (spec shell §5): one per channel of verifyList, sent to the bound address, and
 * the Google code when the authenticator is on. `skip` leaves a channel out (the one being bound carries its own).
 */
export function FactorCodeFields(props: {
  security: SecuritySetting;
  type: SecureType;
  codes: FactorCodes;
  onChange: (codes: FactorCodes) => void;
  google?: boolean;
}) {
  const { t } = useTranslation();
  const { security, codes, onChange, type } = props;
  return (
    <>
      {security.verifyList.includes('email') ? (
        <SendCodeInput
          label={`${t('account.security.emailCode')} · ${security.email ?? ''}`}
          name="emailCode"
          value={codes.emailCode ?? ''}
          onChange={(emailCode) => onChange({ ...codes, emailCode })}
          send={() => sendSecureCode('email', { type })}
        />
      ) : null}
      {security.verifyList.includes('phone') ? (
        <SendCodeInput
          label={`${t('account.security.phoneCode')} · ${security.mobile ?? ''}`}
          name="phoneCode"
          value={codes.phoneCode ?? ''}
          onChange={(phoneCode) => onChange({ ...codes, phoneCode })}
          send={() => sendSecureCode('phone', { type })}
        />
      ) : null}
      {(props.google ?? security.googleStatus === 1) ? (
        <CodeInput
          label={t('account.security.googleCode')}
          name="googleCode"
          value={codes.googleCode ?? ''}
          onChange={(googleCode) => onChange({ ...codes, googleCode })}
        />
      ) : null}
    </>
  );
}
