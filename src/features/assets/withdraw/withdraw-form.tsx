import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { sanitizeNumericInput } from '../../../format/numeric-input.ts';
import { formatDateTime } from '../../../format/time.ts';
import { CodeInput, SendCodeInput } from '../../account/security/send-code-input.tsx';
import {
  type CoinInfo,
  createWithdrawal,
  type NetworkInfo,
  sendWithdrawCode,
  type WithdrawForm,
  type WithdrawInfo,
} from '../common/api.ts';
import { memoKind, newRequestId, receiveAmount, type WithdrawProblem, withdrawProblem } from '../common/model.ts';
import { AddressChoice } from './address-choice.tsx';
import '../../account/account.css';

const emptyForm = (): WithdrawForm => ({
  coin: '',
  protocol: '',
  address: '',
  tag: '',
  amount: '',
  emailCode: '',
  phoneCode: '',
  googleCode: '',
  requestId: newRequestId(),
});

/** Which field a problem belongs under. */
const FIELD_OF: Record<WithdrawProblem, 'address' | 'tag' | 'amount' | 'codes' | 'form'> = {
  locked: 'form',
  addressRequired: 'address',
  addressInvalid: 'address',
  memoRequired: 'tag',
  tagRequired: 'tag',
  memoInvalid: 'tag',
  tagInvalid: 'tag',
  amountRequired: 'amount',
  amountInvalid: 'amount',
  belowMin: 'amount',
  overAvailable: 'amount',
  emailCodeRequired: 'codes',
  phoneCodeRequired: 'codes',
  googleCodeRequired: 'codes',
};

/**
 * The on-chain withdrawal form (spec shell §7 "/uc/withdraw/create, code"; issue 9): address typed or picked from the
 * book, memo or tag where the network needs one, amount with "max", the fee, minimum, available and what arrives, the
 * codes of each channel of verifyList (send buttons, 60 s countdown) and the Google code when it is on.
 */
export function WithdrawFormPanel(props: {
  coin: CoinInfo;
  network: NetworkInfo;
  info: WithdrawInfo | null;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const { coin, network, info } = props;
  const [form, setForm] = useState<WithdrawForm>(emptyForm);
  const [problem, setProblem] = useState<WithdrawProblem | null>(null);
  const [busy, setBusy] = useState(false);

  // Another coin or network: the address and amount belonged to the old one.
  useEffect(() => {
    setForm((f) => ({ ...f, coin: coin.unit, protocol: network.protocol, address: '', tag: '', amount: '' }));
    setProblem(null);
  }, [coin.unit, network.protocol]);

  const set = (patch: Partial<WithdrawForm>) => {
    setForm((f) => ({ ...f, ...patch }));
    setProblem(null);
  };

  const kind = memoKind(network.memoType);
  const memoLabel = t(`recharge.memo.${kind}`);
  const memoWord = t(`recharge.memoInSentence.${kind}`);
  const locked = info !== null && info.lockedUntil > Date.now();
  const receive = receiveAmount(form.amount, network.withdrawFee, coin.decimals);
  const problemText = (p: WithdrawProblem) =>
    t(`recharge.withdraw.problems.${p}`, {
      network: network.protocol,
      min: network.withdrawMin,
      coin: coin.unit,
      label: memoWord,
    });
  const errorAt = (field: (typeof FIELD_OF)[WithdrawProblem]) =>
    problem && FIELD_OF[problem] === field ? (
      <span className="ast-error" role="alert" data-testid="withdraw-problem">
        {problemText(problem)}
      </span>
    ) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!info || busy) return;
    const found = withdrawProblem(form, network, coin.decimals, info, Date.now());
    setProblem(found);
    if (found) return;
    setBusy(true);
    const r = await createWithdrawal({ ...form, coin: coin.unit, protocol: network.protocol });
    setBusy(false);
    if (!isSuccess(r.code)) return;
    showToast('success', t('recharge.withdraw.created'));
    // A new submission gets a new key; the address stays for the next one.
    setForm((f) => ({ ...f, amount: '', emailCode: '', phoneCode: '', googleCode: '', requestId: newRequestId() }));
    props.onCreated();
  };

  return (
    <form className="ast-form" onSubmit={(e) => void submit(e)} noValidate data-testid="withdraw-form">
      {locked && info ? (
        <p className="ast-warning" role="alert" data-testid="withdraw-locked">
          {t('recharge.withdraw.locked', { time: formatDateTime(info.lockedUntil) })}
        </p>
      ) : null}
      <div className="ast-field">
        <label className="ast-label" htmlFor="withdraw-address">
          {t('recharge.withdraw.address')}
        </label>
        <div className="ast-inline">
          <input
            id="withdraw-address"
            className="ast-input ast-mono"
            name="address"
            autoComplete="off"
            spellCheck={false}
            maxLength={128}
            placeholder={t('recharge.withdraw.addressPlaceholder', { network: network.protocol })}
            value={form.address}
            onChange={(e) => set({ address: e.target.value.trim() })}
          />
          <AddressChoice
            coin={coin.unit}
            protocol={network.protocol}
            onPick={(address, tag) => set({ address, tag })}
          />
        </div>
        {errorAt('address')}
      </div>
      {network.needMemo ? (
        <div className="ast-field">
          <label className="ast-label" htmlFor="withdraw-tag">
            {memoLabel}
          </label>
          <input
            id="withdraw-tag"
            className="ast-input ast-mono"
            name="tag"
            autoComplete="off"
            maxLength={network.memoType === 'TAG' ? 10 : 120}
            inputMode={network.memoType === 'TAG' ? 'numeric' : 'text'}
            value={form.tag}
            onChange={(e) => set({ tag: e.target.value })}
          />
          <span className="ast-muted ast-small">{t('recharge.withdraw.memoHint', { label: memoWord })}</span>
          {errorAt('tag')}
        </div>
      ) : null}
      <div className="ast-field">
        <label className="ast-label" htmlFor="withdraw-amount">
          {t('recharge.withdraw.amount')}
        </label>
        <div className="ast-input-wrap">
          <input
            id="withdraw-amount"
            className="ast-input"
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            placeholder={t('recharge.withdraw.amountPlaceholder', { min: network.withdrawMin })}
            value={form.amount}
            onChange={(e) => set({ amount: sanitizeNumericInput(e.target.value, { decimals: coin.decimals }) })}
          />
          <span className="ast-suffix">{coin.unit}</span>
          <button
            type="button"
            className="ast-link ast-max"
            disabled={!info}
            onClick={() => info && set({ amount: info.available })}
          >
            {t('recharge.withdraw.max')}
          </button>
        </div>
        {errorAt('amount')}
        <dl className="ast-facts ast-amounts">
          <dt>{t('recharge.available')}</dt>
          <dd data-testid="withdraw-available">{info ? `${info.available} ${coin.unit}` : '--'}</dd>
          <dt>{t('recharge.withdraw.fee')}</dt>
          <dd data-testid="withdraw-fee">
            {network.withdrawFee} {coin.unit}
          </dd>
          <dt>{t('recharge.withdraw.min')}</dt>
          <dd>
            {network.withdrawMin} {coin.unit}
          </dd>
          <dt>{t('recharge.withdraw.receive')}</dt>
          <dd data-testid="withdraw-receive">
            <strong>{receive === null ? '--' : `${receive} ${coin.unit}`}</strong>
          </dd>
        </dl>
      </div>
      {info?.verifyList.includes('email') ? (
        <SendCodeInput
          label={`${t('recharge.withdraw.emailCode')} · ${info.email ?? ''}`}
          name="emailCode"
          value={form.emailCode}
          onChange={(emailCode) => set({ emailCode })}
          send={() => sendWithdrawCode('email')}
        />
      ) : null}
      {info?.verifyList.includes('phone') ? (
        <SendCodeInput
          label={`${t('recharge.withdraw.phoneCode')} · ${info.mobile ?? ''}`}
          name="phoneCode"
          value={form.phoneCode}
          onChange={(phoneCode) => set({ phoneCode })}
          send={() => sendWithdrawCode('phone')}
        />
      ) : null}
      {info?.googleStatus === 1 ? (
        <CodeInput
          label={t('recharge.withdraw.googleCode')}
          name="googleCode"
          value={form.googleCode}
          onChange={(googleCode) => set({ googleCode })}
        />
      ) : null}
      {errorAt('codes')}
      {errorAt('form')}
      <p className="ast-muted ast-small">{t('recharge.withdraw.reviewTip')}</p>
      <button type="submit" className="btn btn-primary ast-submit" disabled={busy || !info || locked}>
        {busy ? t('recharge.withdraw.submitting') : t('recharge.withdraw.submit')}
      </button>
    </form>
  );
}
