import { type FormEvent, useCallback, useEffect, useState } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { formatDateTime, groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import type { SecuritySetting } from '../../account/api.ts';
import { storedAreaCode } from '../../account/countries.ts';
import { CodeInput, SendCodeInput } from '../../account/security/send-code-input.tsx';
import { useSecurity } from '../../account/security/use-security.ts';
import { newRequestId } from '../common/model.ts';
import { AmountInput } from '../transfer/amount-input.tsx';
import { loadTransferCoins, type TransferCoin } from '../transfer/api.ts';
import { CoinPicker } from '../transfer/coin-picker.tsx';
import {
  type BookEntry,
  checkInternal,
  type FeeInfo,
  loadBookEntries,
  loadFeeInfo,
  memberExist,
  sendInternal,
  sendInternalCode,
} from './api.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';
import { InternalHistory } from './internal-history.tsx';
import {
  amountProblem,
  arriveOf,
  availableOf,
  codeProblem,
  decimalsOf,
  type InternalAction,
  type InternalContext,
  type InternalState,
  initialInternal,
  isLocked,
  planCheck,
  recipientProblem,
  reduceInternal,
  shouldLookUp,
} from './internal-model.ts';
import { RecipientField } from './recipient-field.tsx';
import '../../account/account.css';
import '../transfer/moves.css';

type Dispatch = (action: InternalAction) => void;

/**
 * The withdraw page's internal-transfer tab (spec shell §7 "internal transfer": member-exist, fee-info, code,
 * transfer-check, transfer): the recipient by UID, e-mail or phone with the masked member, the coin and amount from
 * the funding account, the fee and what arrives, the codes of the user's verifyList (and Google when on), a check and
 * a confirmation, then the history of sent and received transfers. The rules are internal-model.ts.
 */
export function InternalTransferPanel() {
  const { t } = useTranslation();
  const { security } = useSecurity();
  const { state, dispatch, current, set } = useFormModel(reduceInternal, () => initialInternal(storedAreaCode()));
  const { coins, fee, entries, version, refresh } = useInternalData(state.coin);
  const listed = coins.find((c) => c.coin === state.coin);
  const ctx: InternalContext = {
    fee,
    coin: listed ? { decimals: listed.decimals, available: listed.available.funds ?? null } : null,
    security: security ?? null,
  };
  const locked = isLocked(ctx, Date.now());
  const problems = useProblemTexts(state, ctx);

  const runLookup = async () => {
    if (!shouldLookUp(current())) return;
    dispatch({ type: 'lookup' });
    const r = await memberExist(current().recipient);
    dispatch({ type: 'looked', answer: isSuccess(r.code) && r.data ? r.data : null });
  };
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planCheck(current(), ctx, Date.now());
    set(plan.state);
    if (!plan.check) return;
    const r = await checkInternal(plan.check);
    const answer = isSuccess(r.code) ? r.data : null;
    dispatch({ type: 'checked', confirm: answer ? { answer, request: plan.check, requestId: newRequestId() } : null });
  };
  const send = async () => {
    const { confirm, busy } = current();
    if (!confirm || busy) return;
    dispatch({ type: 'sending' });
    const r = await sendInternal({ ...confirm.request, requestId: confirm.requestId });
    const ok = isSuccess(r.code) && !!r.data;
    dispatch({ type: 'sent', ok });
    if (!ok || !r.data) return;
    showToast('success', t('moves.internal.success', { amount: r.data.amount, coin: r.data.coin }));
    refresh();
  };

  return (
    <div className="mv-panel" data-testid="internal-transfer">
      <form className="mv-form mv-internal" onSubmit={(e) => void submit(e)} noValidate>
        <div>
          <h2 className="mv-subtitle">{t('moves.internal.title')}</h2>
          <p className="mv-muted">{t('moves.internal.subtitle')}</p>
        </div>
        {locked ? (
          <p className="mv-notice" role="alert">
            {t('moves.internal.locked', { time: formatDateTime(security?.withdrawLockedUntil ?? 0) })}
          </p>
        ) : null}
        <RecipientField
          value={state.recipient}
          onChange={(recipient) => dispatch({ type: 'recipient', recipient })}
          lookup={state.lookup}
          onLookup={() => void runLookup()}
          entries={entries}
          error={state.checked ? problems.recipient : null}
        />
        <CoinAndAmount
          state={state}
          ctx={ctx}
          coins={coins}
          error={state.checked ? problems.amount : null}
          dispatch={dispatch}
        />
        {security ? (
          <CodeFields
            state={state}
            security={security}
            error={state.checked ? problems.code : null}
            dispatch={dispatch}
          />
        ) : null}
        <button
          type="submit"
          className="btn btn-primary mv-submit"
          disabled={state.busy || locked}
          data-testid="internal-submit"
        >
          {state.busy && !state.confirm ? t('moves.working') : t('moves.internal.next')}
        </button>
      </form>
      <InternalHistory version={version} />
      {state.confirm ? (
        <ConfirmDialog
          answer={state.confirm.answer}
          recipient={state.confirm.request}
          busy={state.busy}
          onConfirm={() => void send()}
          onCancel={() => dispatch({ type: 'cancel' })}
        />
      ) : null}
    </div>
  );
}

/** The coins with their funds balance, the chosen coin's fee (again after each transfer) and the book's members. */
function useInternalData(coin: string) {
  const [coins, setCoins] = useState<TransferCoin[]>([]);
  const [fee, setFee] = useState<FeeInfo | null>(null);
  const [entries, setEntries] = useState<BookEntry[]>([]);
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
  const refresh = useCallback(() => {
    setVersion((v) => v + 1);
    void refreshCoins();
  }, [refreshCoins]);
  return { coins, fee, entries, version, refresh };
}

/** The first problem of each part, in the page's language. */
function useProblemTexts(state: InternalState, ctx: InternalContext) {
  const { t } = useTranslation();
  const r = recipientProblem(state);
  let recipient: string | null = null;
  if (r?.kind === 'unknown') recipient = t('moves.internal.rules.unknown');
  else if (r?.kind === 'self') recipient = t('moves.internal.rules.self');
  else if (r?.rule === 'recipient' || r?.rule === 'uid') recipient = t(`moves.internal.rules.${r.rule}`);
  else if (r) recipient = t(`account.rules.${r.rule}`);
  const a = amountProblem(state, ctx);
  let amount: string | null = null;
  if (a?.kind === 'rule') amount = t(`moves.rules.${a.rule}`, { decimals: a.decimals });
  else if (a?.kind === 'belowMinimum') amount = t('moves.internal.rules.belowMinimum', { min: a.min, coin: a.coin });
  else if (a) amount = t('moves.internal.rules.notAboveFee');
  const c = codeProblem(state, ctx);
  return { recipient, amount, code: c ? t(`account.rules.${c}`) : null };
}

function CoinAndAmount(props: {
  state: InternalState;
  ctx: InternalContext;
  coins: readonly TransferCoin[];
  error: string | null;
  dispatch: Dispatch;
}) {
  const { t } = useTranslation();
  const { state, ctx, dispatch } = props;
  const { fee } = ctx;
  const arrive = arriveOf(state, ctx);
  return (
    <>
      <CoinPicker
        label={t('moves.coin')}
        testId="internal-coin"
        value={state.coin}
        onChange={(coin) => dispatch({ type: 'coin', coin })}
        coins={props.coins.map((c) => ({ ...c, available: c.available.funds }))}
      />
      <AmountInput
        label={t('moves.amount')}
        name="internal-amount"
        value={state.amount}
        onChange={(amount) => dispatch({ type: 'amount', amount })}
        coin={state.coin}
        decimals={decimalsOf(ctx)}
        available={availableOf(ctx)}
        error={props.error}
      />
      <dl className="mv-summary">
        <div>
          <dt>{t('moves.internal.fee')}</dt>
          <dd data-testid="internal-fee">
            {!fee ? '--' : fee.fee === '0' ? t('moves.internal.free') : `${groupDigits(fee.fee)} ${fee.coin}`}
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
          <dd data-testid="internal-arrive">{arrive ? `${arrive} ${state.coin}` : '--'}</dd>
        </div>
      </dl>
    </>
  );
}

/** The codes of the user's verifyList and Google's when it is on. */
function CodeFields(props: {
  state: InternalState;
  security: SecuritySetting;
  error: string | null;
  dispatch: Dispatch;
}) {
  const { t } = useTranslation();
  const { state, security, dispatch } = props;
  return (
    <fieldset className="mv-field mv-codes">
      <legend className="mv-label">{t('moves.internal.verification')}</legend>
      {security.verifyList.includes('email') ? (
        <SendCodeInput
          label={`${t('account.security.emailCode')} · ${security.email ?? ''}`}
          name="emailCode"
          value={state.codes.emailCode ?? ''}
          onChange={(emailCode) => dispatch({ type: 'codes', codes: { emailCode } })}
          send={() => sendInternalCode('email')}
        />
      ) : null}
      {security.verifyList.includes('phone') ? (
        <SendCodeInput
          label={`${t('account.security.phoneCode')} · ${security.mobile ?? ''}`}
          name="phoneCode"
          value={state.codes.phoneCode ?? ''}
          onChange={(phoneCode) => dispatch({ type: 'codes', codes: { phoneCode } })}
          send={() => sendInternalCode('phone')}
        />
      ) : null}
      {security.googleStatus === 1 ? (
        <CodeInput
          label={t('account.security.googleCode')}
          name="googleCode"
          value={state.codes.googleCode ?? ''}
          onChange={(googleCode) => dispatch({ type: 'codes', codes: { googleCode } })}
        />
      ) : null}
      {props.error ? (
        <span className="mv-error" role="alert">
          {props.error}
        </span>
      ) : null}
    </fieldset>
  );
}
