import { useState } from 'react';
import type { SwapOrder, SwapPlan } from '../../../../common/contracts/swap.ts';
import type { ClosedPosition, FundingPayment, SwapFill } from '../../../../common/contracts/swap-history.ts';
import { formatDateTime } from '../../../format/intl.ts';
import { formatNumberText as num } from '../../../format/price.ts';
import { percent, signed, tone } from '../positions/format.ts';
import { usePage } from './paged.ts';
import { sideKey } from './rules.ts';
import { type Column, Pager, Table, type Tx, useTx } from './table.tsx';

export type HistoryTab = 'orderHistory' | 'planHistory' | 'tradeHistory' | 'funding' | 'positionHistory';

const PATHS: Record<HistoryTab, string> = {
  orderHistory: '/swap/order/history',
  planHistory: '/swap/order/plan-history',
  tradeHistory: '/swap/order/trade-history',
  funding: '/swap/funding/history',
  positionHistory: '/swap/order/positionHistory',
};

const time = (ms: number) => formatDateTime(ms, true);
const sideClass = (key: string) => (key.endsWith('Long') === key.startsWith('open') ? 'up' : 'down');
const posSide = (t: Tx, direction: number) => t(direction === 1 ? 'contractOrders.long' : 'contractOrders.short');

function orderColumns(t: Tx): Column<SwapOrder>[] {
  const side = (o: SwapOrder) => sideKey(o.direction, o.positionDirection);
  return [
    { key: 'time', cell: (o) => time(o.createTime) },
    { key: 'symbol', cell: (o) => o.symbol },
    {
      key: 'type',
      cell: (o) => t(`contractOrders.orders.${o.type === 2 ? 'market' : o.type === 3 ? 'fok' : 'limit'}`),
    },
    { key: 'side', cell: (o) => t(`contractOrders.orders.${side(o)}`), className: (o) => sideClass(side(o)) },
    { key: 'average', cell: (o) => (o.dealVolume > 0 ? num(o.averagePrice) : '--') },
    { key: 'price', cell: (o) => (o.type === 2 ? t('contractOrders.orders.market') : num(o.entrustPrice)) },
    { key: 'filled', cell: (o) => `${o.dealVolume} / ${o.volume}` },
    { key: 'fee', cell: (o) => o.fee },
    { key: 'action', cell: (o) => t(`contractOrders.orders.actions.${o.action}`) },
    {
      key: 'status',
      cell: (o) => t(`contractOrders.orders.statuses.${o.status}`),
    },
  ];
}

function planColumns(t: Tx): Column<SwapPlan>[] {
  return [
    { key: 'time', cell: (p) => time(p.createTime) },
    { key: 'symbol', cell: (p) => p.symbol },
    {
      key: 'type',
      cell: (p) => t(`contractOrders.orders.planKinds.${p.planType}`),
    },
    { key: 'side', cell: (p) => t(`contractOrders.orders.${sideKey(p.direction, p.positionDirection)}`) },
    { key: 'trigger', cell: (p) => (p.triggerPrice === '0' ? '--' : num(p.triggerPrice)) },
    { key: 'price', cell: (p) => (p.orderPrice === '0' ? t('contractOrders.orders.market') : num(p.orderPrice)) },
    { key: 'volume', cell: (p) => (p.volume > 0 ? p.volume : t('contractOrders.tpsl.all')) },
    {
      key: 'status',
      cell: (p) => t(`contractOrders.orders.planStatuses.${p.status}`),
    },
  ];
}

function fillColumns(t: Tx): Column<SwapFill>[] {
  return [
    { key: 'time', cell: (f) => time(f.time) },
    { key: 'symbol', cell: (f) => f.symbol },
    { key: 'side', cell: (f) => t(`contractOrders.orders.${f.direction === 1 ? 'buy' : 'sell'}`) },
    { key: 'price', cell: (f) => num(f.price) },
    { key: 'volume', cell: (f) => f.volume },
    { key: 'fee', cell: (f) => f.fee },
    { key: 'pnl', cell: (f) => signed(f.realizedPnl), className: (f) => tone(f.realizedPnl) },
    { key: 'role', cell: (f) => t(`contractOrders.orders.${f.maker ? 'maker' : 'taker'}`) },
    { key: 'action', cell: (f) => t(`contractOrders.orders.actions.${f.action}`) },
  ];
}

function fundingColumns(t: Tx): Column<FundingPayment>[] {
  return [
    { key: 'time', cell: (f) => time(f.time) },
    { key: 'symbol', cell: (f) => f.symbol },
    { key: 'side', cell: (f) => posSide(t, f.direction) },
    { key: 'volume', cell: (f) => f.volume },
    { key: 'rate', cell: (f) => percent(f.rate) },
    { key: 'markPrice', cell: (f) => num(f.markPrice) },
    { key: 'amount', cell: (f) => signed(f.amount), className: (f) => tone(f.amount) },
  ];
}

function positionColumns(t: Tx): Column<ClosedPosition>[] {
  return [
    { key: 'closed', cell: (p) => time(p.closeTime) },
    { key: 'symbol', cell: (p) => `${p.symbol} ${p.leverage}×` },
    { key: 'side', cell: (p) => posSide(t, p.direction), className: (p) => (p.direction === 1 ? 'up' : 'down') },
    { key: 'entry', cell: (p) => num(p.entryPrice) },
    { key: 'closePrice', cell: (p) => num(p.closePrice) },
    { key: 'maxVolume', cell: (p) => p.maxVolume },
    { key: 'closePnl', cell: (p) => signed(p.closePnl), className: (p) => tone(p.closePnl) },
    { key: 'fee', cell: (p) => p.fee },
    { key: 'funded', cell: (p) => signed(p.funding) },
    { key: 'net', cell: (p) => signed(p.realizedPnl), className: (p) => tone(p.realizedPnl) },
    {
      key: 'closedBy',
      cell: (p) => t(`contractOrders.orders.actions.${p.closeAction}`),
    },
  ];
}

/** Each history list's columns and row key. */
function listOf(tab: HistoryTab, t: Tx): { columns: Column<never>[]; key: (row: never) => string | number } {
  if (tab === 'orderHistory') return { columns: orderColumns(t) as Column<never>[], key: (o: SwapOrder) => o.orderId };
  if (tab === 'planHistory') return { columns: planColumns(t) as Column<never>[], key: (p: SwapPlan) => p.planId };
  if (tab === 'tradeHistory') {
    return { columns: fillColumns(t) as Column<never>[], key: (f: SwapFill) => `${f.tradeId}:${f.orderId}` };
  }
  if (tab === 'funding') {
    return {
      columns: fundingColumns(t) as Column<never>[],
      key: (f: FundingPayment) => `${f.positionId}:${f.time}:${f.symbol}`,
    };
  }
  return { columns: positionColumns(t) as Column<never>[], key: (p: ClosedPosition) => p.positionId };
}

/** One history tab: a REST page of 4 rows with paging, for this contract or every one. */
export function HistoryList(props: { tab: HistoryTab; symbol: string | null; reload: string }) {
  const t = useTx();
  const [page, setPage] = useState(1);
  const state = usePage<never>(PATHS[props.tab], props.symbol, page, props.reload);
  const { columns, key } = listOf(props.tab, t);
  return (
    <div className="orders-body" data-loading={state.loading}>
      <Table
        list={props.tab}
        columns={columns}
        rows={state.records}
        rowKey={key}
        empty={!state.loading && state.records.length === 0}
      />
      <Pager page={page} total={state.total} onPage={setPage} />
    </div>
  );
}
