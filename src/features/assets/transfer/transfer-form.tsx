import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isSuccess } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { newRequestId } from '../common/model.ts';
import { AmountInput } from './amount-input.tsx';
import { type TransferCoin, transferBetweenWallets, type Wallet } from './api.ts';
import { CoinPicker } from './coin-picker.tsx';
import { amountRule, pickWallets } from './logic.ts';

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
  const [sides, setSides] = useState({ from: props.initial.from, to: props.initial.to });
  const [coin, setCoin] = useState(props.initial.coin);
  const [amount, setAmount] = useState('');
  const [checked, setChecked] = useState(false);
  const [busy, setBusy] = useState(false);
  const current = props.coins.find((c) => c.coin === coin) ?? props.coins[0];
  const available = current?.available[sides.from] ?? null;
  const decimals = current?.decimals ?? 8;
  const rule = amountRule(amount, decimals, available);
  const error = checked && rule ? t(`moves.rules.${rule}`, { decimals }) : null;

  const choose = (side: 'from' | 'to', wallet: Wallet) => setSides((s) => pickWallets(s, side, wallet));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setChecked(true);
    if (rule || !current || busy) return;
    setBusy(true);
    const r = await transferBetweenWallets({
      coin: current.coin,
      amount,
      from: sides.from,
      to: sides.to,
      requestId: newRequestId(),
    });
    setBusy(false);
    if (!isSuccess(r.code) || !r.data) return;
    showToast('success', t('moves.success', { amount: r.data.amount, coin: r.data.coin }));
    setAmount('');
    setChecked(false);
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
        value={sides[side]}
        onChange={(e) => choose(side, e.target.value as Wallet)}
      >
        {props.wallets.map((w) => (
          <option key={w} value={w}>
            {t(`moves.wallets.${w}`)}
          </option>
        ))}
      </select>
      <span className="mv-hint" data-testid={`transfer-${side}-balance`}>
        {current ? `${current.available[sides[side]] ?? '0'} ${current.coin}` : '--'}
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
          onClick={() => setSides((s) => ({ from: s.to, to: s.from }))}
        >
          ⇄
        </button>
        {walletSelect('to')}
      </div>
      <CoinPicker
        label={t('moves.coin')}
        testId="transfer-coin"
        value={current?.coin ?? ''}
        onChange={(c) => {
          setCoin(c);
          setAmount('');
          setChecked(false);
        }}
        coins={props.coins.map((c) => ({ ...c, available: c.available[sides.from] }))}
      />
      <AmountInput
        label={t('moves.amount')}
        name="amount"
        value={amount}
        onChange={setAmount}
        coin={current?.coin ?? ''}
        decimals={decimals}
        available={available}
        error={error}
      />
      <button type="submit" className="btn btn-primary mv-submit" disabled={busy} data-testid="transfer-submit">
        {busy ? t('moves.working') : t('moves.submit')}
      </button>
    </form>
  );
}
