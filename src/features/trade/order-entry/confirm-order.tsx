import { type ReactNode, useRef, useState } from 'react';
import { Side } from '../../../../common/trading.ts';
import { formatTurnover, formatNumberText as num } from '../../../format/price.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { Dialog, DialogTitle } from '../../../ui/dialog.tsx';
import type { EntryKind, OrderBody } from './math.ts';

/**
 * The order confirmation of the stored trade config (spec shell §3 marketConfirm / orderConfirm): a modal dialog with
 * what will be sent; "do not ask again" turns that confirmation off.
 */
export function ConfirmOrder(props: {
  body: OrderBody;
  kind: EntryKind;
  coins: { base: string; quote: string };
  total: string;
  onConfirm: (dontAsk: boolean) => void;
  onCancel: () => void;
}) {
  const { body, kind, coins, total, onConfirm, onCancel } = props;
  const { t } = useTranslation();
  const buy = body.direction === Side.buy;

  const rows: [string, string][] = [
    [t('trade.entry.side'), t(`trade.trades.${buy ? 'buy' : 'sell'}`)],
    [t('trade.entry.type'), t(`trade.entry.${kind}`)],
  ];
  if (body.triggerPrice) rows.push([t('trade.entry.trigger'), `${num(body.triggerPrice)} ${coins.quote}`]);
  rows.push([t('trade.entry.price'), body.price ? `${num(body.price)} ${coins.quote}` : t('trade.entry.marketPrice')]);
  if (kind === 'market' && buy) rows.push([t('trade.entry.total'), `${num(body.amount)} ${coins.quote}`]);
  else {
    rows.push([t('trade.entry.amount'), `${num(body.amount)} ${coins.base}`]);
    // A traded amount (spec shell §9): 5 decimals for a BTC quote, else 2.
    if (total) rows.push([t('trade.entry.total'), `${formatTurnover(total, coins.quote)} ${coins.quote}`]);
  }

  const hints = (
    <>
      {body.triggerPrice && (
        <p className="confirm-hint">
          {t('trade.entry.triggerHint', { trigger: body.triggerPrice, price: body.price ?? '' })}
        </p>
      )}
      {kind === 'market' && <p className="confirm-hint">{t('trade.entry.marketHint')}</p>}
    </>
  );
  return (
    <ConfirmDialog
      title={t('trade.entry.confirmTitle')}
      rows={rows}
      hints={hints}
      tone={buy ? 'buy' : 'sell'}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}

/**
 * The confirmation dialog of an order, spot or contract: its rows, hints, "do not ask again" and the two actions; the
 * main action takes the focus, so Enter confirms.
 */
export function ConfirmDialog(props: {
  title: string;
  rows: readonly [string, string][];
  hints?: ReactNode;
  tone: 'buy' | 'sell';
  onConfirm: (dontAsk: boolean) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const go = useRef<HTMLButtonElement>(null);
  const [dontAsk, setDontAsk] = useState(false);
  return (
    <Dialog className="confirm-order" onClose={props.onCancel} dismissOnOutside={false} initialFocus={go}>
      <DialogTitle as="h3">{props.title}</DialogTitle>
      <dl>
        {props.rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      {props.hints}
      <label className="confirm-dont-ask">
        <input type="checkbox" checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} />
        {t('trade.entry.dontAsk')}
      </label>
      <div className="confirm-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={props.onCancel}>
          {t('trade.entry.cancel')}
        </button>
        <button
          type="button"
          className={`btn btn-sm confirm-go ${props.tone}`}
          ref={go}
          onClick={() => props.onConfirm(dontAsk)}
        >
          {t('trade.entry.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
