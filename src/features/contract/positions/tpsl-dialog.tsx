import { useState } from 'react';
import type { Position, SwapPlan } from '../../../../common/contracts/swap.ts';
import { TpslMode } from '../../../../common/margin/codes.ts';
import { TriggerType } from '../../../../common/trading.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Dialog, DialogHeader } from '../../../ui/dialog.tsx';
import { send } from './actions.ts';
import { DialogButtons, FieldError, TextField } from './dialog-parts.tsx';
import type { TpslGroup } from './rules.ts';

const isPrice = (text: string) => /^\d+(\.\d+)?$/.test(text) && Number(text) > 0;

/** What the form holds, checked: the endpoint's body, or the translation key of what is wrong. */
export function tpslBody(
  position: Position,
  form: { mode: TpslMode; takeProfit: string; stopLoss: string; volume: string; triggerType: TriggerType },
): { body: Record<string, string | number> } | { error: string; max?: number } {
  const { takeProfit, stopLoss } = form;
  if (!takeProfit && !stopLoss) return { error: 'contractOrders.tpsl.needOne' };
  if ((takeProfit && !isPrice(takeProfit)) || (stopLoss && !isPrice(stopLoss))) {
    return { error: 'contractOrders.tpsl.badPrice' };
  }
  const body: Record<string, string | number> = {
    positionId: position.positionId,
    tpslMode: form.mode,
    triggerType: form.triggerType,
  };
  if (takeProfit) body.stopProfitPrice = takeProfit;
  if (stopLoss) body.stopLossPrice = stopLoss;
  if (form.mode === TpslMode.partial) {
    const volume = Number(form.volume);
    if (!/^\d+$/.test(form.volume) || volume < 1 || volume > position.volume) {
      return { error: 'contractOrders.positions.badVolume', max: position.volume };
    }
    if (takeProfit) body.stopProfitPositionNum = volume;
    if (stopLoss) body.stopLossPositionNum = volume;
  }
  return { body };
}

/**
 * Sets a position's TP/SL (whole: replaces the whole-position legs; partial: a pair of its own size), or edits one: a
 * partial group is cancelled and placed anew. /swap/order/position-take-profit-stop-loss.
 */
export function TpslDialog(props: {
  position: Position;
  group: TpslGroup | null;
  refresh: () => void;
  onClose: () => void;
}) {
  const { position, group } = props;
  const { t } = useTranslation();
  const first = group?.takeProfit ?? group?.stopLoss ?? null;
  const [mode, setMode] = useState<TpslMode>((first?.tpslMode as TpslMode) || TpslMode.whole);
  const [takeProfit, setTakeProfit] = useState(group?.takeProfit?.triggerPrice ?? '');
  const [stopLoss, setStopLoss] = useState(group?.stopLoss?.triggerPrice ?? '');
  const [volume, setVolume] = useState(first && first.volume > 0 ? String(first.volume) : '');
  const [triggerType, setTriggerType] = useState<TriggerType>(
    (first?.triggerType as TriggerType) || TriggerType.tradePrice,
  );
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    const checked = tpslBody(position, { mode, takeProfit, stopLoss, volume, triggerType });
    if ('error' in checked) {
      setError(t(checked.error as 'contractOrders.tpsl.needOne', { max: checked.max }));
      return;
    }
    setBusy(true);
    // A partial group is replaced by cancelling its legs first (whole legs are replaced by the server itself).
    const old = [group?.takeProfit, group?.stopLoss].filter(
      (p): p is SwapPlan => !!p && p.tpslMode === TpslMode.partial,
    );
    for (const leg of old) await send('/swap/order/cancel', { planId: leg.planId }, null, () => {});
    const done = t('contractOrders.tpsl.set');
    const ok = await send('/swap/order/position-take-profit-stop-loss', checked.body, done, props.refresh);
    setBusy(false);
    if (ok) props.onClose();
  };
  const field = (label: string, value: string, set: (v: string) => void, name: string) => (
    <TextField
      label={label}
      name={name}
      value={value}
      onChange={(v) => {
        set(v);
        setError(null);
      }}
    />
  );

  return (
    <Dialog onClose={props.onClose} className="cp-dialog" testId="tpsl-dialog">
      <DialogHeader title={t('contractOrders.tpsl.title')} closeLabel={t('contractOrders.close')} />
      <div className="cp-segments">
        {([TpslMode.whole, TpslMode.partial] as const).map((m) => (
          <button key={m} type="button" aria-pressed={mode === m} onClick={() => setMode(m)}>
            {t(m === TpslMode.whole ? 'contractOrders.tpsl.whole' : 'contractOrders.tpsl.partial')}
          </button>
        ))}
      </div>
      <label className="cp-field">
        <span>{t('contractOrders.tpsl.triggerType')}</span>
        <select value={triggerType} onChange={(e) => setTriggerType(Number(e.target.value) as TriggerType)}>
          <option value={TriggerType.tradePrice}>{t('contractOrders.tpsl.tradePrice')}</option>
          <option value={TriggerType.indexPrice}>{t('contractOrders.tpsl.indexPrice')}</option>
        </select>
      </label>
      {field(t('contractOrders.tpsl.takeProfit'), takeProfit, setTakeProfit, 'takeProfit')}
      {field(t('contractOrders.tpsl.stopLoss'), stopLoss, setStopLoss, 'stopLoss')}
      {mode === TpslMode.partial && (
        <>
          {field(t('contractOrders.tpsl.volume'), volume, setVolume, 'volume')}
          <p className="cp-hint">{t('contractOrders.positions.maxVolume', { volume: position.volume })}</p>
        </>
      )}
      <FieldError error={error} />
      <DialogButtons onCancel={props.onClose} onConfirm={() => void submit()} busy={busy} />
    </Dialog>
  );
}
