import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { OpenTab } from '../../../../common/margin/codes.ts';
import { formatNumberText as num } from '../../../format/price.ts';
import { Dialog, DialogTitle } from '../../../ui/dialog.tsx';
import type { Checked } from './rules.ts';

const TAB_NAMES = { [OpenTab.market]: 'market', [OpenTab.limit]: 'limit', [OpenTab.plan]: 'plan' } as const;

/**
 * The confirmation of the stored trade config (spec shell §3 marketConfirm / orderConfirm) for a contract order: what
 * will be sent, in the spot confirmation's layout; "do not ask again" turns that confirmation off.
 */
export function ConfirmContractOrder(props: {
  order: Extract<Checked, { ok: true }>;
  tab: OpenTab;
  leverage: number;
  coin: string;
  onConfirm: (dontAsk: boolean) => void;
  onCancel: () => void;
}) {
  const { order, tab, leverage, coin, onConfirm, onCancel } = props;
  const { t } = useTranslation();
  const go = useRef<HTMLButtonElement>(null);
  const [dontAsk, setDontAsk] = useState(false);
  const { body } = order;
  const action = `${order.close ? 'close' : 'open'}${body.direction === 1 ? 'Long' : 'Short'}` as const;
  const rows: [string, string][] = [
    [t('contractEntry.confirm.side'), `${t(`contractEntry.${action}`)} · ${leverage}×`],
    [t('contractEntry.confirm.type'), t(`contractEntry.tabs.${TAB_NAMES[tab]}`)],
  ];
  if (body.triggerPrice) rows.push([t('contractEntry.trigger'), `${num(body.triggerPrice)} ${coin}`]);
  rows.push([
    t('contractEntry.price'),
    body.entrustPrice ? `${num(body.entrustPrice)} ${coin}` : t('contractEntry.marketPrice'),
  ]);
  rows.push([t('contractEntry.confirm.size'), `${num(String(body.volume))} ${t('contractEntry.contracts')}`]);
  if ('takeProfitPrice' in body && body.takeProfitPrice)
    rows.push([t('contractEntry.takeProfit'), `${num(body.takeProfitPrice)} ${coin}`]);
  if ('stopLossPrice' in body && body.stopLossPrice)
    rows.push([t('contractEntry.stopLoss'), `${num(body.stopLossPrice)} ${coin}`]);
  if ('reduceOnly' in body && body.reduceOnly) rows.push([t('contractEntry.reduceOnly'), '✓']);

  return (
    <Dialog onClose={onCancel} className="confirm-order" dismissOnOutside={false} initialFocus={go}>
      <DialogTitle as="h3">{t('contractEntry.confirm.title')}</DialogTitle>
      <dl>
        {rows.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <label className="confirm-dont-ask">
        <input type="checkbox" checked={dontAsk} onChange={(e) => setDontAsk(e.target.checked)} />
        {t('contractEntry.confirm.dontAsk')}
      </label>
      <div className="confirm-actions">
        <button type="button" className="btn btn-ghost btn-sm" onClick={onCancel}>
          {t('trade.entry.cancel')}
        </button>
        <button
          ref={go}
          type="button"
          className={`btn btn-sm confirm-go ${(body.direction === 1) !== order.close ? 'buy' : 'sell'}`}
          onClick={() => onConfirm(dontAsk)}
        >
          {t('trade.entry.confirm')}
        </button>
      </div>
    </Dialog>
  );
}
