import { OpenTab } from '../../../../common/margin/codes.ts';
import { formatNumberText as num } from '../../../format/price.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { ConfirmDialog } from '../../trade/order-entry/confirm-order.tsx';
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
    <ConfirmDialog
      title={t('contractEntry.confirm.title')}
      rows={rows}
      tone={(body.direction === 1) !== order.close ? 'buy' : 'sell'}
      onConfirm={onConfirm}
      onCancel={onCancel}
    />
  );
}
