import type { FormEvent } from 'react';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { groupDigits } from '../../../format/intl.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useFormModel } from '../../../ui/form-store.ts';
import { newRequestId } from '../common/model.ts';
import { AmountInput } from './amount-input.tsx';
import { type TransferCoin, transferBetweenWallets, type Wallet } from './api.ts';
import { CoinPicker } from './coin-picker.tsx';
import { amountProblem, coinOf, initialTransfer, planTransfer, reduceTransfer } from './transfer-model.ts';

/**
 * The transfer form of /transfer (spec shell §7 "transfers"): from and to accounts with a swap button, the coin with
 * what the from-account has available, the amount with max; exact decimals are checked before sending.
 */
export function TransferForm(props: {
  wallets: readonly Wallet[];
  coins: readonly TransferCoin[];
  initial: { from: Wallet; to: Wallet; coin: string };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const { coins } = props;
  const { state, dispatch, current, set } = useFormModel(reduceTransfer, () => initialTransfer(props.initial));
  const { coin: chosen, decimals, available } = coinOf(state, coins);
  const rule = amountProblem(state, coins);
  const error = state.checked && rule ? t(`moves.rules.${rule}`, { decimals }) : null;

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const plan = planTransfer(current(), coins);
    set(plan.state);
    if (!plan.send) return;
    const r = await transferBetweenWallets({ ...plan.send, requestId: newRequestId() });
    const ok = isSuccess(r.code) && !!r.data;
    dispatch({ type: 'done', ok });
    if (!ok || !r.data) return;
    showToast('success', t('moves.success', { amount: r.data.amount, coin: r.data.coin }));
    props.onDone();
  };

  // Each side shows what it holds of the coin, so a transfer can be seen leaving one and reaching the other.
  const walletSelect = (side: 'from' | 'to') => (
    <div className="mv-field mv-grow">
      <label className="mv-label" htmlFor={`transfer-${side}`}>
        {t(`moves.${side}`)}
      </label>
      <select
        id={`transfer-${side}`}
        className="mv-select"
        name={side}
        data-testid={`transfer-${side}`}
        value={state[side]}
        onChange={(e) => dispatch({ type: 'wallet', side, wallet: e.target.value as Wallet })}
      >
        {props.wallets.map((w) => (
          <option key={w} value={w}>
            {t(`moves.wallets.${w}`)}
          </option>
        ))}
      </select>
      <span className="mv-hint" data-testid={`transfer-${side}-balance`}>
        {chosen ? `${groupDigits(chosen.available[state[side]] ?? '0')} ${chosen.coin}` : '--'}
      </span>
    </div>
  );

  return (
    <form className="mv-card mv-form" onSubmit={(e) => void submit(e)} noValidate data-testid="transfer-form">
      <div className="mv-sides">
        {walletSelect('from')}
        <button
          type="button"
          className="mv-swap"
          aria-label={t('moves.swap')}
          title={t('moves.swap')}
          data-testid="transfer-swap"
          onClick={() => dispatch({ type: 'swap' })}
        >
          ⇄
        </button>
        {walletSelect('to')}
      </div>
      <CoinPicker
        label={t('moves.coin')}
        testId="transfer-coin"
        value={chosen?.coin ?? ''}
        onChange={(coin) => dispatch({ type: 'coin', coin })}
        coins={coins.map((c) => ({ ...c, available: c.available[state.from] }))}
      />
      <AmountInput
        label={t('moves.amount')}
        name="amount"
        value={state.amount}
        onChange={(amount) => dispatch({ type: 'amount', amount })}
        coin={chosen?.coin ?? ''}
        decimals={decimals}
        available={available}
        error={error}
      />
      <button type="submit" className="btn btn-primary mv-submit" disabled={state.busy} data-testid="transfer-submit">
        {state.busy ? t('moves.working') : t('moves.submit')}
      </button>
    </form>
  );
}
