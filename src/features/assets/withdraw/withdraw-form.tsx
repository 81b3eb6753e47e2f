import { type FormEvent, useEffect } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { formatDateTime, groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { CodeInput, SendCodeInput } from '../../account/security/send-code-input.tsx';
import {
  type CoinInfo,
  createWithdrawal,
  type NetworkInfo,
  sendWithdrawCode,
  type WithdrawInfo,
} from '../common/api.ts';
import { memoKind, newRequestId, type WithdrawProblem } from '../common/model.ts';
import { AddressChoice } from './address-choice.tsx';
import {
  emptyWithdraw,
  FIELD_OF,
  isLocked,
  planWithdraw,
  receiveOf,
  reduceWithdraw,
  type WithdrawAction,
  type WithdrawContext,
  type WithdrawState,
} from './withdraw-model.ts';
import '../../account/account.css';
import { NumberInput } from '../../../ui/number-input.tsx';

type Dispatch = (action: WithdrawAction) => void;

/**
 * The on-chain withdrawal form (spec shell §7 "/uc/withdraw/create, code"; issue 9): address typed or picked from the
 * book, memo or tag where the network needs one, amount with "max", the fee, minimum, available and what arrives, the
 * codes of each channel of verifyList (send buttons, 60 s countdown) and the Google code when it is on. The rules are
 * withdraw-model.ts.
 */
export function WithdrawFormPanel(props: {
  coin: CoinInfo;
  network: NetworkInfo;
  info: WithdrawInfo | null;
  onCreated: () => void;
}) {
  const { t } = useTranslation();
  const { coin, network, info } = props;
  const ctx: WithdrawContext = { coin, network, info };
  const { state, dispatch, current, set } = useFormModel(reduceWithdraw, () => emptyWithdraw(newRequestId()));

  useEffect(() => {
    dispatch({ type: 'target', coin: coin.unit, protocol: network.protocol });
  }, [coin.unit, network.protocol, dispatch]);

  const locked = isLocked(info, Date.now());
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planWithdraw(current(), ctx, Date.now());
    set(plan.state);
    if (!plan.send) return;
    const r = await createWithdrawal(plan.send);
    if (!isSuccess(r.code)) return dispatch({ type: 'failed' });
    showToast('success', t('recharge.withdraw.created'));
    dispatch({ type: 'created', requestId: newRequestId() });
    props.onCreated();
  };

  return (
    <form className="ast-form" onSubmit={(e) => void submit(e)} noValidate data-testid="withdraw-form">
      {locked && info ? (
        <p className="ast-warning" role="alert" data-testid="withdraw-locked">
          {t('recharge.withdraw.locked', { time: formatDateTime(info.lockedUntil) })}
        </p>
      ) : null}
      <AddressFields state={state} ctx={ctx} dispatch={dispatch} />
      <AmountField state={state} ctx={ctx} dispatch={dispatch} />
      <CodeFields state={state} info={info} dispatch={dispatch} />
      <ProblemAt state={state} ctx={ctx} field="codes" />
      <ProblemAt state={state} ctx={ctx} field="form" />
      <p className="ast-muted ast-small">{t('recharge.withdraw.reviewTip')}</p>
      <button type="submit" className="btn btn-primary ast-submit" disabled={state.busy || !info || locked}>
        {state.busy ? t('recharge.withdraw.submitting') : t('recharge.withdraw.submit')}
      </button>
    </form>
  );
}

interface PartProps {
  state: WithdrawState;
  ctx: WithdrawContext;
  dispatch: Dispatch;
}

/** The problem of the last submit, under the field it belongs to. */
function ProblemAt(props: { state: WithdrawState; ctx: WithdrawContext; field: (typeof FIELD_OF)[WithdrawProblem] }) {
  const { t } = useTranslation();
  const { problem } = props.state;
  if (!problem || FIELD_OF[problem] !== props.field) return null;
  const { network, coin } = props.ctx;
  return (
    <span className="ast-error" role="alert" data-testid="withdraw-problem">
      {t(`recharge.withdraw.problems.${problem}`, {
        network: network.protocol,
        min: network.withdrawMin,
        coin: coin.unit,
        label: t(`recharge.memoInSentence.${memoKind(network.memoType)}`),
      })}
    </span>
  );
}

function AddressFields({ state, ctx, dispatch }: PartProps) {
  const { t } = useTranslation();
  const { network, coin } = ctx;
  const kind = memoKind(network.memoType);
  return (
    <>
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
            value={state.form.address}
            onChange={(e) => dispatch({ type: 'address', value: e.target.value })}
          />
          <AddressChoice
            coin={coin.unit}
            protocol={network.protocol}
            onPick={(address, tag) => dispatch({ type: 'picked', address, tag })}
          />
        </div>
        <ProblemAt state={state} ctx={ctx} field="address" />
      </div>
      {network.needMemo ? (
        <div className="ast-field">
          <label className="ast-label" htmlFor="withdraw-tag">
            {t(`recharge.memo.${kind}`)}
          </label>
          <input
            id="withdraw-tag"
            className="ast-input ast-mono"
            name="tag"
            autoComplete="off"
            maxLength={network.memoType === 'TAG' ? 10 : 120}
            inputMode={network.memoType === 'TAG' ? 'numeric' : 'text'}
            value={state.form.tag}
            onChange={(e) => dispatch({ type: 'tag', value: e.target.value })}
          />
          <span className="ast-muted ast-small">
            {t('recharge.withdraw.memoHint', { label: t(`recharge.memoInSentence.${kind}`) })}
          </span>
          <ProblemAt state={state} ctx={ctx} field="tag" />
        </div>
      ) : null}
    </>
  );
}

function AmountField({ state, ctx, dispatch }: PartProps) {
  const { t } = useTranslation();
  const { network, coin, info } = ctx;
  const receive = receiveOf(state, ctx);
  return (
    <div className="ast-field">
      <label className="ast-label" htmlFor="withdraw-amount">
        {t('recharge.withdraw.amount')}
      </label>
      <div className="ast-input-wrap">
        <NumberInput
          id="withdraw-amount"
          className="ast-input"
          name="amount"
          decimals={coin.decimals}
          placeholder={t('recharge.withdraw.amountPlaceholder', { min: network.withdrawMin })}
          value={state.form.amount}
          onValueChange={(raw) => dispatch({ type: 'amount', raw, decimals: coin.decimals })}
        />
        <span className="ast-suffix">{coin.unit}</span>
        <button
          type="button"
          className="ast-link ast-max"
          disabled={!info}
          onClick={() => info && dispatch({ type: 'max', available: info.available })}
        >
          {t('recharge.withdraw.max')}
        </button>
      </div>
      <ProblemAt state={state} ctx={ctx} field="amount" />
      <dl className="ast-facts ast-amounts">
        <dt>{t('recharge.available')}</dt>
        <dd data-testid="withdraw-available">{info ? `${groupDigits(info.available)} ${coin.unit}` : '--'}</dd>
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
  );
}

/** The codes the user's verifyList asks for, and Google's when it is on. */
function CodeFields(props: { state: WithdrawState; info: WithdrawInfo | null; dispatch: Dispatch }) {
  const { t } = useTranslation();
  const { state, info, dispatch } = props;
  const code = (field: 'emailCode' | 'phoneCode' | 'googleCode') => (value: string) =>
    dispatch({ type: 'code', field, value });
  return (
    <>
      {info?.verifyList.includes('email') ? (
        <SendCodeInput
          label={`${t('recharge.withdraw.emailCode')} · ${info.email ?? ''}`}
          name="emailCode"
          value={state.form.emailCode}
          onChange={code('emailCode')}
          send={() => sendWithdrawCode('email')}
        />
      ) : null}
      {info?.verifyList.includes('phone') ? (
        <SendCodeInput
          label={`${t('recharge.withdraw.phoneCode')} · ${info.mobile ?? ''}`}
          name="phoneCode"
          value={state.form.phoneCode}
          onChange={code('phoneCode')}
          send={() => sendWithdrawCode('phone')}
        />
      ) : null}
      {info?.googleStatus === 1 ? (
        <CodeInput
          label={t('recharge.withdraw.googleCode')}
          name="googleCode"
          value={state.form.googleCode}
          onChange={code('googleCode')}
        />
      ) : null}
    </>
  );
}
