import { useState } from 'react';
import type { SwapOrder, SwapPlan } from '../../../../common/contracts/swap.ts';
import { showToast } from '../../../api/toast.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { formatNumberText as num } from '../../../format/price.ts';
import { send } from '../positions/actions.ts';
import { ConfirmDialog } from '../positions/close-dialog.tsx';
import { percent } from '../positions/format.ts';
import { sideKey } from './rules.ts';
import { type Column, Table, type Tx, useTx } from './table.tsx';

const time = (ms: number) => formatDateTime(ms, true);
const sideClass = (key: string) => (key.endsWith('Long') === key.startsWith('open') ? 'up' : 'down');

/** Cancels orders or plans one by one (/swap/order/cancel); the channel removes them from the lists. */
async function cancelAll(targets: readonly { orderId?: number; planId?: number }[], refresh: () => void) {
  let done = 0;
  for (const target of targets) if (await send('/swap/order/cancel', target, null, () => {})) done++;
  refresh();
  return done;
}

/** The cancel-all control with its question. */
function CancelAll(props: { count: number; onConfirm: () => void }) {
  const t = useTx();
  const [asking, setAsking] = useState(false);
  if (props.count === 0) return null;
  return (
    <div className="orders-actions">
      <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(true)}>
        {t('contractOrders.orders.cancelAll')}
      </button>
      {asking && (
        <ConfirmDialog
          title={t('contractOrders.orders.cancelAll')}
          text={t('contractOrders.orders.cancelAllConfirm', { count: props.count })}
          onConfirm={props.onConfirm}
          onClose={() => setAsking(false)}
        />
      )}
    </div>
  );
}

function CancelButton(props: { target: { orderId?: number; planId?: number }; refresh: () => void }) {
  const t = useTx();
  const [busy, setBusy] = useState(false);
  const cancel = async () => {
    setBusy(true);
    await send('/swap/order/cancel', props.target, t('contractOrders.orders.cancelledOne'), props.refresh);
    setBusy(false);
  };
  return (
    <button type="button" className="link-button" disabled={busy} onClick={() => void cancel()}>
      {t('contractOrders.orders.cancelOne')}
    </button>
  );
}

function openColumns(t: Tx, refresh: () => void): Column<SwapOrder>[] {
  const side = (o: SwapOrder) => sideKey(o.direction, o.positionDirection);
  return [
    { key: 'time', cell: (o) => time(o.createTime) },
    { key: 'symbol', cell: (o) => `${o.symbol} ${o.leverage}×` },
    { key: 'type', cell: (o) => t(`contractOrders.orders.${o.type === 3 ? 'fok' : 'limit'}`) },
    { key: 'side', cell: (o) => t(`contractOrders.orders.${side(o)}`), className: (o) => sideClass(side(o)) },
    { key: 'price', cell: (o) => num(o.entrustPrice) },
    { key: 'filled', cell: (o) => `${o.dealVolume} / ${o.volume}` },
    { key: 'reduceOnly', cell: (o) => (o.reduceOnly ? '✓' : '--') },
    {
      key: 'status',
      cell: (o) => t(`contractOrders.orders.statuses.${o.status}`),
    },
    { key: 'action', cell: (o) => <CancelButton target={{ orderId: o.orderId }} refresh={refresh} /> },
  ];
}

function planColumns(t: Tx, trailing: boolean, refresh: () => void): Column<SwapPlan>[] {
  const side = (p: SwapPlan) => sideKey(p.direction, p.positionDirection);
  const price: Column<SwapPlan>[] = trailing
    ? [
        { key: 'active', cell: (p) => (p.activePrice === '0' ? '--' : num(p.activePrice)) },
        { key: 'callback', cell: (p) => percent(p.drawDownOffset) },
      ]
    : [
        { key: 'trigger', cell: (p) => num(p.triggerPrice) },
        { key: 'price', cell: (p) => (p.orderPrice === '0' ? t('contractOrders.orders.market') : num(p.orderPrice)) },
      ];
  return [
    { key: 'time', cell: (p) => time(p.createTime) },
    { key: 'symbol', cell: (p) => p.symbol },
    {
      key: 'type',
      cell: (p) => t(`contractOrders.orders.planKinds.${p.planType}`),
    },
    { key: 'side', cell: (p) => t(`contractOrders.orders.${side(p)}`), className: (p) => sideClass(side(p)) },
    ...price,
    { key: 'volume', cell: (p) => (p.volume > 0 ? p.volume : t('contractOrders.tpsl.all')) },
    { key: 'action', cell: (p) => <CancelButton target={{ planId: p.planId }} refresh={refresh} /> },
  ];
}

/** Resting orders, live from the user's state, with cancel and cancel-all. */
export function OpenOrdersList(props: { orders: readonly SwapOrder[]; refresh: () => void }) {
  const t = useTx();
  const { orders, refresh } = props;
  const all = async () => {
    const done = await cancelAll(
      orders.map((o) => ({ orderId: o.orderId })),
      refresh,
    );
    showToast('success', t('contractOrders.orders.cancelledAll', { count: done }));
  };
  return (
    <div className="orders-body">
      <CancelAll count={orders.length} onConfirm={() => void all()} />
      <Table
        list="open"
        columns={openColumns(t, refresh)}
        rows={orders}
        rowKey={(o) => o.orderId}
        empty={orders.length === 0}
      />
    </div>
  );
}

/** Waiting plans of one kind (plan orders, TP/SL legs or trailing stops), live, with cancel and cancel-all. */
export function PlansList(props: { list: string; plans: readonly SwapPlan[]; refresh: () => void }) {
  const t = useTx();
  const { plans, refresh } = props;
  const all = async () => {
    const done = await cancelAll(
      plans.map((p) => ({ planId: p.planId })),
      refresh,
    );
    showToast('success', t('contractOrders.orders.cancelledAll', { count: done }));
  };
  const columns = planColumns(t, props.list === 'trailing', refresh);
  return (
    <div className="orders-body">
      <CancelAll count={plans.length} onConfirm={() => void all()} />
      <Table list={props.list} columns={columns} rows={plans} rowKey={(p) => p.planId} empty={plans.length === 0} />
    </div>
  );
}
