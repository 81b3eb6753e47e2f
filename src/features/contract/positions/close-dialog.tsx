import { useState } from 'react';
import type { Position } from '../../../../common/contracts/swap.ts';
import { OrderType } from '../../../../common/trading.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Dialog, DialogDescription, DialogHeader } from '../../../ui/dialog.tsx';
import { NumberInput } from '../../../ui/number-input.tsx';
import { useTradeConfig } from '../../trade/trade-config.ts';
import { send } from './actions.ts';
import { DialogButtons, FieldError } from './dialog-parts.tsx';

/** A yes/no question before a command (the stored trade config says which commands ask). */
export function ConfirmDialog(props: { title: string; text: string; onConfirm: () => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog onClose={props.onClose} className="cp-dialog" testId="confirm-dialog" dismissOnOutside={false}>
      <DialogHeader title={props.title} closeLabel={t('contractOrders.close')} />
      <DialogDescription className="cp-line">{props.text}</DialogDescription>
      <div className="cp-buttons">
        <button type="button" className="btn btn-ghost" onClick={props.onClose}>
          {t('contractOrders.cancel')}
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={() => {
            props.onConfirm();
            props.onClose();
          }}
        >
          {t('contractOrders.confirm')}
        </button>
      </div>
    </Dialog>
  );
}

/** The body of /swap/order/close for `volume` contracts at market (price null) or at a limit price. */
export function closeBody(position: Position, volume: number, price: string | null) {
  return {
    symbol: position.symbol,
    direction: position.direction,
    type: price === null ? OrderType.market : OrderType.limit,
    volume,
    ...(price === null ? {} : { entrustPrice: price }),
  };
}

/** Closes part or all of a position at a limit price or at market, asking first when the trade config says so. */
export function CloseDialog(props: {
  position: Position;
  limit: boolean;
  defaultPrice: string;
  refresh: () => void;
  onClose: () => void;
}) {
  const { position } = props;
  const { t } = useTranslation();
  const config = useTradeConfig();
  const [price, setPrice] = useState(props.limit ? props.defaultPrice : '');
  const [volume, setVolume] = useState(String(position.volume));
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);
  const side = t(position.direction === 1 ? 'contractOrders.long' : 'contractOrders.short');

  const check = () => {
    const n = Number(volume);
    if (!/^\d+$/.test(volume) || n < 1 || n > position.volume) {
      setError(t('contractOrders.positions.badVolume', { max: position.volume }));
      return false;
    }
    if (props.limit && !(/^\d+(\.\d+)?$/.test(price) && Number(price) > 0)) {
      setError(t('contractOrders.positions.badPrice'));
      return false;
    }
    return true;
  };
  const go = async () => {
    const body = closeBody(position, Number(volume), props.limit ? price : null);
    if (await send('/swap/order/close', body, t('contractOrders.positions.closeSent'), props.refresh)) props.onClose();
  };
  const submit = () => {
    if (!check()) return;
    if (props.limit ? config.orderConfirm : config.marketConfirm) setAsking(true);
    else void go();
  };
  const question = props.limit
    ? t('contractOrders.positions.closeLimitConfirm', { volume, symbol: position.symbol, price })
    : t('contractOrders.positions.closeMarketConfirm', { volume, symbol: position.symbol });

  if (asking) {
    const title = t('contractOrders.positions.closeTitle', { symbol: position.symbol, side });
    return <ConfirmDialog title={title} text={question} onConfirm={() => void go()} onClose={props.onClose} />;
  }
  return (
    <Dialog onClose={props.onClose} className="cp-dialog" testId="close-dialog">
      <DialogHeader
        title={t('contractOrders.positions.closeTitle', { symbol: position.symbol, side })}
        closeLabel={t('contractOrders.close')}
      />
      {props.limit && (
        <label className="cp-field">
          <span>{t('contractOrders.positions.price')}</span>
          <NumberInput name="price" value={price} onValueChange={setPrice} />
        </label>
      )}
      <label className="cp-field">
        <span>{t('contractOrders.positions.volume')}</span>
        <NumberInput name="volume" decimals={0} value={volume} onValueChange={setVolume} />
      </label>
      <p className="cp-hint">{t('contractOrders.positions.maxVolume', { volume: position.volume })}</p>
      <FieldError error={error} />
      <DialogButtons onCancel={props.onClose} onConfirm={submit} />
    </Dialog>
  );
}
