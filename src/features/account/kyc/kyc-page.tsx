import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { type KycForm, type KycStatus, loadKycStatus, submitKyc, uploadImage } from '../api.ts';
import { useCountries } from '../countries.ts';
import { Field } from '../form/fields.tsx';
import { AccountLayout } from '../security/account-nav.tsx';

type ImageKey = 'frontImage' | 'backImage' | 'handImage';
const IMAGES: { key: ImageKey; label: 'front' | 'back' | 'hand' }[] = [
  { key: 'frontImage', label: 'front' },
  { key: 'backImage', label: 'back' },
  { key: 'handImage', label: 'hand' },
];

/** The form may be sent when name, country, number and the front image are there (the server checks the rest). */
export function kycReady(f: KycForm): boolean {
  return !!f.realName.trim() && !!f.country && /^[A-Za-z0-9-]{4,32}$/.test(f.idCard) && !!f.frontImage;
}

/** /kyc (spec shell §7): real-name form with ID image upload, and the review status. */
export function KycPage() {
  const { t } = useTranslation();
  const countries = useCountries();
  const [status, setStatus] = useState<KycStatus | null>(null);
  const [form, setForm] = useState<KycForm>({
    realName: '',
    country: '',
    idType: 1,
    idCard: '',
    frontImage: '',
    backImage: '',
    handImage: '',
  });
  const [previews, setPreviews] = useState<Partial<Record<ImageKey, string>>>({});
  const [error, setError] = useState(false);
  const [busy, setBusy] = useState(false);
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
    setForm((f) => ({ ...f, [key]: r.data?.id ?? '' }));
    setPreviews((p) => ({ ...p, [key]: URL.createObjectURL(file) }));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!kycReady(form)) return setError(true);
    setError(false);
    setBusy(true);
    const r = await submitKyc(form);
    setBusy(false);
    if (!isSuccess(r.code)) return;
    showToast('success', t('account.security.kyc.submitted'));
    reload();
  };

  const code = String(status?.status ?? 0) as '0' | '1' | '2' | '3';
  const locked = code === '1' || code === '2';
  return (
    <AccountLayout>
      <div className="acc-panel" data-testid="kyc">
        <h1 className="acc-title">{t('account.security.kyc.title')}</h1>
        <div className={`acc-state-banner s${code}`} data-testid="kyc-status">
          {t(`account.security.kyc.status.${code}`)}
          {status?.realName ? ` · ${status.realName} · ${status.idCard ?? ''}` : ''}
          {code === '3' && status?.reason ? ` · ${status.reason}` : ''}
        </div>
        {locked ? null : (
          <form className="acc-form" onSubmit={(e) => void submit(e)} noValidate>
            <Field label={t('account.security.kyc.country')}>
              <select
                className="acc-input"
                name="country"
                value={form.country}
                onChange={(e) => setForm({ ...form, country: e.target.value })}
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
                onChange={(e) => setForm({ ...form, realName: e.target.value })}
              />
            </Field>
            <Field label={t('account.security.kyc.idType')}>
              <select
                className="acc-input"
                name="idType"
                value={form.idType}
                onChange={(e) => setForm({ ...form, idType: Number(e.target.value) })}
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
                onChange={(e) => setForm({ ...form, idCard: e.target.value.replace(/[^A-Za-z0-9-]/g, '') })}
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
            {error ? (
              <span className="acc-error" role="alert">
                {t('account.security.kyc.required')}
              </span>
            ) : null}
            <button type="submit" className="btn btn-primary acc-submit" disabled={busy}>
              {t('account.submit')}
            </button>
          </form>
        )}
      </div>
    </AccountLayout>
  );
}
