import { useState } from 'react';
import type { Position, SwapWallet } from '../../../../common/contracts/swap.ts';
import { Exact } from '../../../../common/decimal.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Dialog, DialogHeader } from '../../../ui/dialog.tsx';
import { NumberInput } from '../../../ui/number-input.tsx';
import { send } from './actions.ts';
import { DialogButtons, FieldError } from './dialog-parts.tsx';
import { decimalsOf, maxRemovable, type PositionTerms } from './rules.ts';

/** Whether `text` is an amount above 0, within `max` and with at most `decimals` places. */
export function validAmount(text: string, decimals: number, max: string): boolean {
  if (!/^\d+(\.\d+)?$/.test(text) || decimalsOf(text) > decimals) return false;
  const value = new Exact(text);
  return value.gt(0) && value.lte(max);
}

/**
 * Adds margin to an isolated position (up to the contract wallet's available) or removes it (up to what the engine's
 * rule leaves removable): /swap/order/ajust-principal, type 1 add, 2 remove.
 */
export function MarginDialog(props: {
  position: Position;
  info: PositionTerms;
  wallet: SwapWallet | null;
  refresh: () => void;
  onClose: () => void;
}) {
  const { position, wallet } = props;
  const { t } = useTranslation();
  const [mode, setMode] = useState<1 | 2>(1);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const coin = wallet?.coin ?? position.symbol.split('/')[1] ?? '';
  const decimals = decimalsOf(position.margin);
  const max = mode === 1 ? (wallet?.available ?? '0') : maxRemovable(position, props.info);

  const submit = async () => {
    if (!validAmount(amount, decimals, max)) {
      setError(t('contractOrders.margin.badAmount', { decimals, max }));
      return;
    }
    setBusy(true);
    const params = { positionId: position.positionId, amount, type: mode };
    const ok = await send('/swap/order/ajust-principal', params, t('contractOrders.margin.changed'), props.refresh);
    setBusy(false);
    if (ok) props.onClose();
  };

  return (
    <Dialog onClose={props.onClose} className="cp-dialog" testId="margin-dialog">
      <DialogHeader title={t('contractOrders.margin.title')} closeLabel={t('contractOrders.close')} />
      <div className="cp-segments">
        {([1, 2] as const).map((m) => (
          <button
            key={m}
            type="button"
            aria-pressed={mode === m}
            onClick={() => {
              setMode(m);
              setError(null);
            }}
          >
            {t(m === 1 ? 'contractOrders.margin.add' : 'contractOrders.margin.remove')}
          </button>
        ))}
      </div>
      <p className="cp-line">
        {t('contractOrders.margin.current')}: {position.margin} {coin}
      </p>
      <label className="cp-field">
        <span>{t('contractOrders.margin.amount', { coin })}</span>
        <span className="cp-input">
          <NumberInput
            value={amount}
            aria-invalid={error !== null}
            onValueChange={(text) => {
              setAmount(text);
              setError(null);
            }}
          />
          <button type="button" className="link-button" onClick={() => setAmount(max)}>
            {t('contractOrders.margin.max')}
          </button>
        </span>
      </label>
      <p className="cp-hint">
        {t(mode === 1 ? 'contractOrders.margin.maxAdd' : 'contractOrders.margin.maxRemove', { amount: max, coin })}
      </p>
      <FieldError error={error} />
      <DialogButtons onCancel={props.onClose} onConfirm={() => void submit()} busy={busy} />
    </Dialog>
  );
}
