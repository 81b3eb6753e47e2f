import { useCallback, useEffect, useState } from 'react';
import { Link } from 'wouter';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { type LoginDevice, loadDevices, revokeDevice } from '../api.ts';
import { AccountLayout } from '../security/account-nav.tsx';
import { useSecurity } from '../security/use-security.ts';
import { DeviceAuthFactor } from './device-auth-factor.tsx';

/** /safety (spec shell §6): the security factors and their state, and the login devices. */
export function SafetyPage() {
  const { t } = useTranslation();
  const { security, reload: reloadSecurity } = useSecurity();
  const [devices, setDevices] = useState<LoginDevice[]>([]);
  const [busy, setBusy] = useState<number | null>(null);
  const reload = useCallback(async () => {
    const r = await loadDevices();
    if (isSuccess(r.code) && r.data) setDevices(r.data);
  }, []);
  useEffect(() => {
    void reload();
  }, [reload]);
  const signOut = async (id: number) => {
    setBusy(id);
    const r = await revokeDevice(id);
    setBusy(null);
    if (isSuccess(r.code)) showToast('success', t('account.security.signedOut'));
    await reload();
  };
  const s = security;
  const rows = s
    ? [
        {
          key: 'password',
          name: t('account.security.loginPassword'),
          desc: t('account.security.loginPasswordDesc'),
          state: null,
          action: { to: '/password', label: t('account.security.change') },
        },
        {
          key: 'email',
          name: t('account.email'),
          desc: t('account.security.emailDesc'),
          state: s.emailVerified === 1 ? (s.email ?? t('account.security.bound')) : t('account.security.unbound'),
          on: s.emailVerified === 1,
          action:
            s.emailVerified === 1
              ? { to: '/change?type=email', label: t('account.security.change') }
              : { to: '/bind?type=email', label: t('account.security.bind') },
        },
        {
          key: 'phone',
          name: t('account.phone'),
          desc: t('account.security.phoneDesc'),
          state: s.phoneVerified === 1 ? (s.mobile ?? t('account.security.bound')) : t('account.security.unbound'),
          on: s.phoneVerified === 1,
          action:
            s.phoneVerified === 1
              ? { to: '/change?type=phone', label: t('account.security.change') }
              : { to: '/bind?type=phone', label: t('account.security.bind') },
        },
        {
          key: 'google',
          name: t('account.security.google.title'),
          desc: t('account.security.googleDesc'),
          state: s.googleStatus === 1 ? t('account.security.on') : t('account.security.off'),
          on: s.googleStatus === 1,
          action: {
            to: '/google',
            label: s.googleStatus === 1 ? t('account.security.disable') : t('account.security.enable'),
          },
        },
        {
          key: 'trade',
          name: t('account.security.tradePassword'),
          desc: t('account.security.tradePasswordDesc'),
          state: s.tradePasswordStatus === 1 ? t('account.security.on') : t('account.security.off'),
          on: s.tradePasswordStatus === 1,
          action: {
            to: '/transaction',
            label: s.tradePasswordStatus === 1 ? t('account.security.change') : t('account.security.set'),
          },
        },
      ]
    : [];
  return (
    <AccountLayout>
      <div className="acc-panel" data-testid="safety">
        <h1 className="acc-title">{t('account.security.factors')}</h1>
        <ul className="acc-factors">
          {rows.map((row) => (
            <li key={row.key} data-factor={row.key}>
              <div className="acc-factor-text">
                <strong>{row.name}</strong>
                <span className="acc-muted acc-small">{row.desc}</span>
              </div>
              {row.state !== null ? (
                <span className={row.on ? 'acc-state on' : 'acc-state'} data-testid={`state-${row.key}`}>
                  {row.state}
                </span>
              ) : (
                <span />
              )}
              <Link href={row.action.to} className="btn btn-ghost btn-sm">
                {row.action.label}
              </Link>
            </li>
          ))}
          {s ? <DeviceAuthFactor security={s} onChanged={reloadSecurity} /> : null}
        </ul>
        <h2 className="acc-subtitle">{t('account.security.devices')}</h2>
        <table className="acc-table" data-testid="devices">
          <thead>
            <tr>
              <th>{t('account.security.device')}</th>
              <th>{t('account.security.ip')}</th>
              <th>{t('account.security.loginTime')}</th>
              <th>
                <span className="visually-hidden">{t('account.security.deviceAction')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {devices.map((d) => (
              <tr key={d.id}>
                <td className="acc-ellipsis" title={d.device ?? ''}>
                  {d.device ?? '--'}
                  {d.current ? <span className="acc-badge">{t('account.security.thisDevice')}</span> : null}
                </td>
                <td>{d.ip ?? '--'}</td>
                <td>{formatDateTime(d.loginTime)}</td>
                <td>
                  {d.current ? null : (
                    <button
                      type="button"
                      className="btn btn-ghost btn-sm"
                      disabled={busy !== null}
                      aria-label={t('account.security.signOutDevice', { device: d.device ?? d.ip ?? '--' })}
                      onClick={() => void signOut(d.id)}
                      data-testid="device-sign-out"
                    >
                      {t('account.security.signOut')}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </AccountLayout>
  );
}
