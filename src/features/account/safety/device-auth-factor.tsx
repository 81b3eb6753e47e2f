import { type FormEvent, useState } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import type { SecuritySetting } from '../api.ts';
import { Field, PasswordInput } from '../form/fields.tsx';
import { setDeviceAuth } from '../login/qr-api.ts';

/**
 * Device authorisation on /safety (spec shell §6 "device-authorised login exists"): on, a login from a browser this
 * account has not signed in from needs a code sent to the bound e-mail or phone. Either way is confirmed with the login
 * password; this browser stays trusted.
 */
export function DeviceAuthFactor({ security, onChanged }: { security: SecuritySetting; onChanged: () => void }) {
  const { t } = useTranslation();
  const on = security.deviceAuthStatus === 1;
  const [open, setOpen] = useState(false);
  const [password, setPassword] = useState('');
  const [error, setError] = useState<'passwordRequired' | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) return setError('passwordRequired');
    setBusy(true);
    const r = await setDeviceAuth(!on, password);
    setBusy(false);
    if (!isSuccess(r.code)) return;
    showToast('success', t('account.security.saved'));
    setOpen(false);
    setPassword('');
    onChanged();
  };
  return (
    <li data-factor="device">
      <div className="acc-factor-text">
        <strong>{t('account.qrLogin.deviceAuth')}</strong>
        <span className="acc-muted acc-small">{t('account.qrLogin.deviceAuthHint')}</span>
      </div>
      <span className={on ? 'acc-state on' : 'acc-state'} data-testid="state-device">
        {on ? t('account.security.on') : t('account.security.off')}
      </span>
      <button type="button" className="btn btn-ghost btn-sm" aria-expanded={open} onClick={() => setOpen(!open)}>
        {on ? t('account.qrLogin.turnOff') : t('account.qrLogin.turnOn')}
      </button>
      {open ? (
        <form className="acc-device-auth" onSubmit={(e) => void submit(e)} noValidate>
          <Field label={t('account.qrLogin.deviceAuthPassword')} error={error}>
            <PasswordInput
              name="deviceAuthPassword"
              autoComplete="current-password"
              value={password}
              onChange={(value) => {
                setPassword(value);
                setError(null);
              }}
            />
          </Field>
          <button type="submit" className="btn btn-primary btn-sm" disabled={busy}>
            {on ? t('account.qrLogin.turnOff') : t('account.qrLogin.turnOn')}
          </button>
        </form>
      ) : null}
    </li>
  );
}
