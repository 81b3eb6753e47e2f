// The channel's contract notices as toasts in the user's language: liquidation, TP/SL trigger, auto-deleveraging and
// funding. Only notices told while the page watches: those already held when it mounts were shown before, or are old.
import { useEffect, useRef } from 'react';
import { Exact } from '../../../common/decimal.ts';
import type { SwapNotice } from '../../../workers/api.ts';
import { showToast, type ToastKind } from '../../api/toast.ts';
import { formatNumberText as num } from '../../format/price.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { percent } from './positions/format.ts';
import type { ContractSession } from './session.ts';

type Tx = (key: string, options?: Record<string, unknown>) => string;

/** A notice's toast, or null for one that needs none (a position the user closed is told by the close itself). */
export function noticeToast(notice: SwapNotice, t: Tx): { kind: ToastKind; text: string } | null {
  const side = (direction: number) => t(direction === 1 ? 'contractOrders.long' : 'contractOrders.short');
  if (notice.kind === 'funding') {
    const f = notice.data;
    const paid = new Exact(f.amount).lt(0);
    const text = t(paid ? 'contractOrders.notices.fundingPaid' : 'contractOrders.notices.fundingReceived', {
      symbol: f.symbol,
      side: side(f.direction),
      amount: new Exact(f.amount).abs().toFixed(),
      rate: percent(f.rate),
    });
    return { kind: 'info', text };
  }
  if (notice.kind === 'liquidation') {
    const l = notice.data;
    const options = { symbol: l.symbol, side: side(l.direction), volume: l.volume, price: num(l.price) };
    return { kind: 'error', text: t('contractOrders.notices.liquidation', options) };
  }
  if (notice.kind === 'tpsl') {
    const p = notice.data;
    const kind = t(`contractOrders.orders.planKinds.${p.planType}`);
    const price = num(p.triggerPrice !== '0' ? p.triggerPrice : p.activePrice);
    return { kind: 'warning', text: t('contractOrders.notices.tpsl', { kind, symbol: p.symbol, price }) };
  }
  if (notice.kind === 'adl') {
    const o = notice.data;
    const options = { symbol: o.symbol, volume: o.dealVolume, price: num(o.averagePrice) };
    return { kind: 'warning', text: t('contractOrders.notices.adl', options) };
  }
  return null;
}

/**
 * Shows each new notice of the session as a toast. Mounted once on the contract page (the positions panel does it).
 * A replaced worker numbers its notices afresh: the mark follows the load's worker.
 */
export function useContractNotices(session: ContractSession): void {
  const { t } = useTranslation();
  const seen = useRef<{ worker: string; told: number } | null>(null);
  const { notices, epoch } = session;
  useEffect(() => {
    if (!epoch) return;
    const worker = epoch.split(':')[0] ?? '';
    const newest = notices[0]?.told ?? 0;
    const mark = seen.current;
    seen.current = { worker, told: Math.max(newest, mark?.worker === worker ? mark.told : 0) };
    // The first state seen (or a new worker's) is history: nothing to tell.
    if (!mark || mark.worker !== worker) return;
    for (const notice of [...notices].reverse()) {
      if (notice.told <= mark.told) continue;
      const toast = noticeToast(notice, t as unknown as Tx);
      if (toast) showToast(toast.kind, toast.text);
    }
  }, [notices, epoch, t]);
}
