import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { compare } from '../../../format/decimal.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { storedAreaCode } from '../../account/countries.ts';
import { CodeInput, SendCodeInput } from '../../account/security/send-code-input.tsx';
import { useSecurity } from '../../account/security/use-security.ts';
import { newRequestId } from '../common/model.ts';
import { AmountInput } from '../transfer/amount-input.tsx';
import { loadTransferCoins, type TransferCoin } from '../transfer/api.ts';
import { CoinPicker } from '../transfer/coin-picker.tsx';
import { amountRule } from '../transfer/logic.ts';
import {
  type BookEntry,
  type CheckAnswer,
  checkInternal,
  type FeeInfo,
  type InternalCodes,
  type InternalRequest,
  loadBookEntries,
  loadFeeInfo,
  memberExist,
  type Recipient,
  sendInternal,
  sendInternalCode,
} from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { InternalHistory } from './internal-history.tsx';
import { arrivedAmount, recipientRule } from './logic.ts';
import { type Lookup, RecipientField } from './recipient-field.tsx';
import '../../account/account.css';
import '../transfer/moves.css';

const recipientKey = (r: Recipient) => `${r.type}|${r.areaCode ?? ''}|${r.value.trim()}`;

/**
 * The withdraw page's internal-transfer tab (spec shell §7 "internal transfer": member-exist, fee-info, code,
 * transfer-check, transfer): the recipient by UID, e-mail or phone with the masked member, the coin and amount from
 * the funding account, the fee and what arrives, the codes of the user's verifyList (and Google when on), a check and
 * a confirmation, then the history of sent and received transfers.
 */
export function InternalTransferPanel() {
  const { t } = useTranslation();
  const { security } = useSecurity();
  const [recipient, setRecipient] = useState<Recipient>({ type: 'uid', value: '', areaCode: storedAreaCode() });
  const [lookup, setLookup] = useState<Lookup>({ status: 'idle' });
  const [lookedUp, setLookedUp] = useState('');
  const [entries, setEntries] = useState<BookEntry[]>([]);
  const [coins, setCoins] = useState<TransferCoin[]>([]);
  const [coin, setCoin] = useState('USDT');
  const [fee, setFee] = useState<FeeInfo | null>(null);
  const [amount, setAmount] = useState('');
  const [codes, setCodes] = useState<InternalCodes>({});
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState<{ answer: CheckAnswer; request: InternalRequest; requestId: string } | null>(
    null,
  );
  const [version, setVersion] = useState(0);

  const refreshCoins = useCallback(async () => {
    const r = await loadTransferCoins();
    if (isSuccess(r.code) && r.data) setCoins(r.data.coins);
  }, []);
  useEffect(() => {
    void refreshCoins();
    void loadBookEntries().then(setEntries);
  }, [refreshCoins]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: `version` refreshes the fee and available after a send.
  useEffect(() => {
    let live = true;
    setFee(null);
    void loadFeeInfo(coin).then((r) => {
      if (live && isSuccess(r.code) && r.data) setFee(r.data);
    });
    return () => {
      live = false;
    };
  }, [coin, version]);

  const changeRecipient = (r: Recipient) => {
    setRecipient(r);
    if (recipientKey(r) !== lookedUp) setLookup({ status: 'idle' });
  };
  const runLookup = async () => {
    const key = recipientKey(recipient);
    if (recipientRule(recipient) || key === lookedUp || lookup.status === 'busy') return;
    setLookup({ status: 'busy' });
    setLookedUp(key);
    const r = await memberExist(recipient);
    if (!isSuccess(r.code) || !r.data) {
      setLookup({ status: 'idle' });
      setLookedUp('');
      return;
    }
    setLookup(r.data.exist ? { status: 'found', name: r.data.name ?? '', self: r.data.self } : { status: 'none' });
  };

  const current = coins.find((c) => c.coin === coin);
  const decimals = fee?.decimals ?? current?.decimals ?? 8;
  const available = fee?.available ?? current?.available.funds ?? null;
  const lockedUntil = security?.withdrawLockedUntil ?? 0;
  const locked = lockedUntil > Date.now();

  // The first rule that fails, in the order of the form.
  const recipientError = (() => {
    const rule = recipientRule(recipient);
    if (rule === 'recipient' || rule === 'uid') return t(`moves.internal.rules.${rule}`);
    if (rule) return t(`account.rules.${rule}`);
    if (lookup.status === 'none') return t('moves.internal.rules.unknown');
    if (lookup.status === 'found' && lookup.self) return t('moves.internal.rules.self');
    return null;
  })();
  const amountError = (() => {
    const rule = amountRule(amount, decimals, available);
    if (rule) return t(`moves.rules.${rule}`, { decimals });
    if (fee) {
      if (compare(amount.replace(/\.$/, ''), fee.minAmount) < 0) {
        return t('moves.internal.rules.belowMinimum', { min: fee.minAmount, coin: fee.coin });
      }
      if (!arrivedAmount(amount, fee.fee)) return t('moves.internal.rules.notAboveFee');
    }
    return null;
  })();
  const codeError = (() => {
    if (!security) return null;
    if (security.verifyList.includes('email') && !codes.emailCode) return t('account.rules.emailCodeRequired');
    if (security.verifyList.includes('phone') && !codes.phoneCode) return t('account.rules.phoneCodeRequired');
    if (security.googleStatus === 1 && !codes.googleCode) return t('account.rules.googleCodeRequired');
    return null;
  })();

  const request = (): InternalRequest => ({ ...recipient, value: recipient.value.trim(), coin, amount, ...codes });
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (busy || locked || recipientError || amountError || codeError) return;
    setBusy(true);
    const input = request();
    const r = await checkInternal(input);
    setBusy(false);
    if (isSuccess(r.code) && r.data) setConfirm({ answer: r.data, request: input, requestId: newRequestId() });
  };
  const send = async () => {
    if (!confirm || busy) return;
    setBusy(true);
    const r = await sendInternal({ ...confirm.request, requestId: confirm.requestId });
    setBusy(false);
    setConfirm(null);
    if (!isSuccess(r.code) || !r.data) return;
    showToast('success', t('moves.internal.success', { amount: r.data.amount, coin: r.data.coin }));
    setAmount('');
    setCodes({});
    setChecked(false);
    setVersion((v) => v + 1);
    void refreshCoins();
  };

  const arrive = fee ? arrivedAmount(amount, fee.fee) : null;
  return (
    <div className="mv-panel" data-testid="internal-transfer">
      <form className="mv-form mv-internal" onSubmit={(e) => void submit(e)} noValidate>
        <div>
          <h2 className="mv-subtitle">{t('moves.internal.title')}</h2>
          <p className="mv-muted">{t('moves.internal.subtitle')}</p>
        </div>
        {locked ? (
          <p className="mv-notice" role="alert">
            {t('moves.internal.locked', { time: formatDateTime(lockedUntil) })}
          </p>
        ) : null}
        <RecipientField
          value={recipient}
          onChange={changeRecipient}
          lookup={lookup}
          onLookup={() => void runLookup()}
          entries={entries}
          error={checked ? recipientError : null}
        />
        <CoinPicker
          label={t('moves.coin')}
          testId="internal-coin"
          value={coin}
          onChange={(c) => {
            setCoin(c);
            setAmount('');
          }}
          coins={coins.map((c) => ({ ...c, available: c.available.funds }))}
        />
        <AmountInput
          label={t('moves.amount')}
          name="internal-amount"
          value={amount}
          onChange={setAmount}
          coin={coin}
          decimals={decimals}
          available={available}
          error={checked ? amountError : null}
        />
        <dl className="mv-summary">
          <div>
            <dt>{t('moves.internal.fee')}</dt>
            <dd data-testid="internal-fee">
              {!fee ? '--' : fee.fee === '0' ? t('moves.internal.free') : `${fee.fee} ${fee.coin}`}
            </dd>
          </div>
          {fee && fee.minAmount !== '0' ? (
            <div>
              <dt>{t('moves.internal.minimum')}</dt>
              <dd>
                {fee.minAmount} {fee.coin}
              </dd>
            </div>
          ) : null}
          <div>
            <dt>{t('moves.internal.arrive')}</dt>
            <dd data-testid="internal-arrive">{arrive ? `${arrive} ${coin}` : '--'}</dd>
          </div>
        </dl>
        {security ? (
          <fieldset className="mv-field mv-codes">
            <legend className="mv-label">{t('moves.internal.verification')}</legend>
            {security.verifyList.includes('email') ? (
              <SendCodeInput
                label={`${t('account.security.emailCode')} · ${security.email ?? ''}`}
                name="emailCode"
                value={codes.emailCode ?? ''}
                onChange={(emailCode) => setCodes((c) => ({ ...c, emailCode }))}
                send={() => sendInternalCode('email')}
              />
            ) : null}
            {security.verifyList.includes('phone') ? (
              <SendCodeInput
                label={`${t('account.security.phoneCode')} · ${security.mobile ?? ''}`}
                name="phoneCode"
                value={codes.phoneCode ?? ''}
                onChange={(phoneCode) => setCodes((c) => ({ ...c, phoneCode }))}
                send={() => sendInternalCode('phone')}
              />
            ) : null}
            {security.googleStatus === 1 ? (
              <CodeInput
                label={t('account.security.googleCode')}
                name="googleCode"
                value={codes.googleCode ?? ''}
                onChange={(googleCode) => setCodes((c) => ({ ...c, googleCode }))}
              />
            ) : null}
            {checked && codeError ? (
              <span className="mv-error" role="alert">
                {codeError}
              </span>
            ) : null}
          </fieldset>
        ) : null}
        <button
          type="submit"
          className="btn btn-primary mv-submit"
          disabled={busy || locked}
          data-testid="internal-submit"
        >
          {busy && !confirm ? t('moves.working') : t('moves.internal.next')}
        </button>
      </form>
      <InternalHistory version={version} />
      {confirm ? (
        <ConfirmDialog
          answer={confirm.answer}
          recipient={confirm.request}
          busy={busy}
          onConfirm={() => void send()}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
    </div>
  );
}
