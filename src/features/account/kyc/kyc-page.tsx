import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { type KycStatus, loadKycStatus, submitKyc, uploadImage } from '../api.ts';
import { useCountries } from '../countries.ts';
import { Field } from '../form/fields.tsx';
import { AccountLayout } from '../security/account-nav.tsx';
import { type ImageKey, initialKyc, planKyc, reduceKyc } from './kyc-model.ts';

const IMAGES: { key: ImageKey; label: 'front' | 'back' | 'hand' }[] = [
  { key: 'frontImage', label: 'front' },
  { key: 'backImage', label: 'back' },
  { key: 'handImage', label: 'hand' },
];

/** /kyc (spec shell §7): real-name form with ID image upload, and the review status. */
export function KycPage() {
  const { t } = useTranslation();
  const countries = useCountries();
  const [status, setStatus] = useState<KycStatus | null>(null);
  const { state, dispatch, current, set } = useFormModel(reduceKyc, initialKyc);
  const { form, previews } = state;
  const reload = useCallback(() => {
    void loadKycStatus().then((r) => {
      if (isSuccess(r.code) && r.data) setStatus(r.data);
    });
  }, []);
  useEffect(reload, [reload]);

  const upload = async (key: ImageKey, file: File | undefined) => {
    if (!file) return;
    const r = await uploadImage(file);
    if (!isSuccess(r.code) || !r.data) return;
    dispatch({ type: 'image', key, id: r.data.id, preview: URL.createObjectURL(file) });
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planKyc(current());
    set(plan.state);
    if (!plan.send) return;
    const r = await submitKyc(plan.send);
    dispatch({ type: 'done' });
    if (!isSuccess(r.code)) return;
    showToast('success', t('account.security.kyc.submitted'));
    reload();
  };

  const code = String(status?.status ?? 0) as '0' | '1' | '2' | '3';
  const locked = code === '1' || code === '2';
  // Only a submitted application carries the name, number and reason.
  const application = status && 'realName' in status ? status : null;
  return (
    <AccountLayout>
      <div className="acc-panel" data-testid="kyc">
        <h1 className="acc-title">{t('account.security.kyc.title')}</h1>
        <div className={`acc-state-banner s${code}`} data-testid="kyc-status">
          {t(`account.security.kyc.status.${code}`)}
          {application?.realName ? ` · ${application.realName} · ${application.idCard}` : ''}
          {code === '3' && application?.reason ? ` · ${application.reason}` : ''}
        </div>
        {locked ? null : (
          <form className="acc-form" onSubmit={(e) => void submit(e)} noValidate>
            <Field label={t('account.security.kyc.country')}>
              <select
                className="acc-input"
                name="country"
                value={form.country}
                onChange={(e) => dispatch({ type: 'field', key: 'country', value: e.target.value })}
              >
                <option value="" />
                {countries.map((c) => (
                  <option key={c.twoCode} value={c.twoCode}>
                    {c.enName}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('account.security.kyc.realName')}>
              <input
                className="acc-input"
                name="realName"
                maxLength={64}
                value={form.realName}
                onChange={(e) => dispatch({ type: 'field', key: 'realName', value: e.target.value })}
              />
            </Field>
            <Field label={t('account.security.kyc.idType')}>
              <select
                className="acc-input"
                name="idType"
                value={form.idType}
                onChange={(e) => dispatch({ type: 'idType', value: Number(e.target.value) })}
              >
                {(['1', '2', '3'] as const).map((k) => (
                  <option key={k} value={k}>
                    {t(`account.security.kyc.idTypes.${k}`)}
                  </option>
                ))}
              </select>
            </Field>
            <Field label={t('account.security.kyc.idCard')}>
              <input
                className="acc-input"
                name="idCard"
                maxLength={32}
                value={form.idCard}
                onChange={(e) => dispatch({ type: 'field', key: 'idCard', value: e.target.value })}
              />
            </Field>
            <div className="acc-uploads">
              {IMAGES.map(({ key, label }) => (
                <label key={key} className="acc-upload">
                  {previews[key] ? <img src={previews[key]} alt="" /> : <span className="acc-plus">+</span>}
                  <span>{t(`account.security.kyc.${label}`)}</span>
                  <span className="acc-muted acc-small">
                    {form[key] ? t('account.security.kyc.uploaded') : t('account.security.kyc.upload')}
                  </span>
                  <input
                    type="file"
                    name={key}
                    accept="image/png,image/jpeg,image/webp"
                    onChange={(e) => void upload(key, e.target.files?.[0])}
                  />
                </label>
              ))}
            </div>
            {state.error ? (
              <span className="acc-error" role="alert">
                {t('account.security.kyc.required')}
              </span>
            ) : null}
            <button type="submit" className="btn btn-primary acc-submit" disabled={state.busy}>
              {t('account.submit')}
            </button>
          </form>
        )}
      </div>
    </AccountLayout>
  );
}
