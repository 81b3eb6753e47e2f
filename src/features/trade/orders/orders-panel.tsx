import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import type { CancelAll } from '../../../../common/contracts/spot-trade.ts';
import { OrderStatus, OrderType, Side, type SpotFill, type SpotOrder } from '../../../../common/trading.ts';
import type { UserBalance } from '../../../../workers/api.ts';
import { get, post } from '../../../api/request.ts';
import { showToast } from '../../../api/toast.ts';
import { formatDateTime, groupDigits } from '../../../format/intl.ts';
import { formatTradedAmount, formatTurnover, formatNumberText as num } from '../../../format/price.ts';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { useResetOn } from '../../../ui/use-reset-on.ts';
import { tradePath } from '../market.ts';
import type { SpotSession } from '../spot-session.ts';
import { type Paged, withClosedOrders, withNewFills } from './live-lists.ts';
import './orders-panel.css';

type Tab = 'open' | 'history' | 'trades' | 'balances';
const TABS: readonly Tab[] = ['open', 'history', 'trades', 'balances'];
/** spec trading §9: default page size 20. */
const PAGE_SIZE = 20;

const TYPE_KEYS = {
  [OrderType.limit]: 'limit',
  [OrderType.market]: 'market',
  [OrderType.fillOrKill]: 'fillOrKill',
  [OrderType.stopLoss]: 'stopLoss',
  [OrderType.takeProfit]: 'takeProfit',
} as const;
const STATUS_KEYS = {
  [OrderStatus.open]: 'open',
  [OrderStatus.filled]: 'filled',
  [OrderStatus.cancelled]: 'cancelled',
  [OrderStatus.partlyFilled]: 'partlyFilled',
  [OrderStatus.partlyCancelled]: 'partlyCancelled',
} as const;

/**
 * The orders panel under the terminal (spec trading §7 spot trade): open orders (cancel one or all), order history,
 * trade history and balances, from the user's state that the private channel keeps; the histories page through REST
 * and lay the state's news over their pages. "This market only" filters every list.
 */
export function OrdersPanel(props: { symbol: string; session: SpotSession | null }) {
  const { symbol, session } = props;
  const { t } = useTranslation();
  const [tab, setTab] = useState<Tab>('open');
  const [onlyHere, setOnlyHere] = useState(false);
  const [, navigate] = useLocation();
  const titleId = useId();
  const open = session ? session.open.filter((o) => !onlyHere || o.symbol === symbol) : [];

  return (
    // data-state, for tests and tools: whether the user's state is loaded and followed live.
    <section className="trade-panel trade-orders" aria-labelledby={titleId} data-state={session?.user?.status}>
      <header className="panel-head orders-head">
        <h2 id={titleId} className="sr-only">
          {t('trade.orders.history')}
        </h2>
        <div className="orders-tabs" role="tablist">
          {TABS.map((k) => (
            <button key={k} type="button" role="tab" data-tab={k} aria-selected={tab === k} onClick={() => setTab(k)}>
              {k === 'open' ? t('trade.orders.open', { count: open.length }) : t(`trade.orders.${k}`)}
            </button>
          ))}
        </div>
        {session && (
          <label className="orders-only">
            <input type="checkbox" checked={onlyHere} onChange={(e) => setOnlyHere(e.target.checked)} />
            {t('trade.orders.thisMarket')}
          </label>
        )}
      </header>
      {!session ? (
        <div className="orders-empty">
          <p>{t('trade.orders.loginPrompt')}</p>
          <button
            type="button"
            className="btn btn-primary btn-sm"
            onClick={() => navigate(`/login?fromUrl=${encodeURIComponent(tradePath(symbol))}`)}
          >
            {t('trade.entry.login')}
          </button>
        </div>
      ) : tab === 'open' ? (
        <OpenOrders orders={open} symbol={onlyHere ? symbol : null} session={session} />
      ) : tab === 'history' ? (
        <OrderHistory symbol={onlyHere ? symbol : null} orders={session.user?.orders ?? NONE} />
      ) : tab === 'trades' ? (
        <TradeHistory symbol={onlyHere ? symbol : null} fills={session.liveFills} />
      ) : (
        <Balances balances={session.user?.balances ?? NONE} loaded={session.user?.status === 'live'} />
      )}
    </section>
  );
}

function useTexts() {
  const { t } = useTranslation();
  return {
    t,
    side: (d: number) => t(`trade.trades.${d === Side.buy ? 'buy' : 'sell'}`),
    type: (o: SpotOrder) => t(`trade.orders.types.${TYPE_KEYS[o.type] ?? 'limit'}`),
    status: (o: SpotOrder) =>
      o.triggerPrice !== '0' && !o.triggered && o.status === OrderStatus.open
        ? t('trade.orders.waiting')
        : t(`trade.orders.statuses.${STATUS_KEYS[o.status] ?? 'open'}`),
  };
}

const sideClass = (d: number) => (d === Side.buy ? 'up' : 'down');
const NONE: never[] = [];

type Column =
  | 'time'
  | 'pair'
  | 'type'
  | 'side'
  | 'price'
  | 'amount'
  | 'filled'
  | 'total'
  | 'average'
  | 'trigger'
  | 'status'
  | 'fee'
  | 'role'
  | 'action'
  | 'coin'
  | 'availableBalance'
  | 'frozen';

function Head({ cols }: { cols: readonly Column[] }) {
  const { t } = useTranslation();
  return (
    <thead>
      <tr>
        {cols.map((c) => (
          <th key={c}>{t(`trade.orders.${c}`)}</th>
        ))}
      </tr>
    </thead>
  );
}

/** The quote coin of a 'BASE/QUOTE' symbol (a fill carries no coin fields). */
const quoteOf = (symbol: string) => symbol.split('/')[1];

/** The cells every order list starts with: time, pair, type, side. */
function OrderLead({ order: o }: { order: SpotOrder }) {
  const text = useTexts();
  return (
    <>
      <td>{formatDateTime(o.time, true)}</td>
      <td>{o.symbol}</td>
      <td>{text.type(o)}</td>
      <td className={sideClass(o.direction)}>{text.side(o.direction)}</td>
    </>
  );
}

function OpenOrders(props: { orders: SpotOrder[]; symbol: string | null; session: SpotSession }) {
  const { orders, symbol, session } = props;
  const text = useTexts();
  const { t } = text;
  const [asking, setAsking] = useState(false);
  const [busy, setBusy] = useState<Set<number>>(new Set());

  const cancel = async (order: SpotOrder) => {
    setBusy((b) => new Set(b).add(order.orderId));
    const result = await post(`/exchange/order/cancel/${order.orderId}`);
    setBusy((b) => {
      const next = new Set(b);
      next.delete(order.orderId);
      return next;
    });
    if (result.code === 0 || result.code === 200) showToast('success', t('trade.orders.cancelled'));
    session.refresh();
  };
  const cancelAll = async () => {
    setAsking(false);
    const result = await post<CancelAll>('/exchange/order/cancel-all', symbol ? { symbol } : {});
    if (result.data) showToast('success', t('trade.orders.cancelledAll', { count: result.data.cancelled.length }));
    session.refresh();
  };

  return (
    <div className="orders-body">
      {orders.length > 0 && (
        <div className="orders-actions">
          {asking ? (
            <span className="orders-confirm" role="alertdialog" aria-label={t('trade.orders.cancelAll')}>
              {t('trade.orders.cancelAllConfirm', { count: orders.length, symbol: symbol ?? '' })}
              <button type="button" className="btn btn-primary btn-sm" onClick={() => void cancelAll()}>
                {t('trade.entry.confirm')}
              </button>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(false)}>
                {t('trade.entry.cancel')}
              </button>
            </span>
          ) : (
            <button type="button" className="btn btn-ghost btn-sm" onClick={() => setAsking(true)}>
              {t('trade.orders.cancelAll')}
            </button>
          )}
        </div>
      )}
      <table className="orders-table" data-list="open">
        <Head
          cols={['time', 'pair', 'type', 'side', 'price', 'amount', 'filled', 'total', 'trigger', 'status', 'action']}
        />
        <tbody>
          {orders.map((o) => (
            <tr key={o.orderId} data-order-id={o.orderId}>
              <OrderLead order={o} />
              <td>{num(o.price)}</td>
              <td>{num(o.amount)}</td>
              <td>{num(o.tradedAmount)}</td>
              <td>{o.type === OrderType.market ? '--' : formatTradedAmount(o.price, o.amount, o.baseSymbol)}</td>
              <td>{o.triggerPrice === '0' ? '--' : num(o.triggerPrice)}</td>
              <td>{text.status(o)}</td>
              <td>
                <button
                  type="button"
                  className="link-button"
                  disabled={busy.has(o.orderId)}
                  onClick={() => void cancel(o)}
                >
                  {t('trade.orders.cancel')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {orders.length === 0 && <p className="orders-none">{t('trade.orders.empty')}</p>}
    </div>
  );
}

/** A paged list fetched again only when the filter changes or the user asks for more (never because the channel spoke). */
function usePaged<T>(path: string, symbol: string | null) {
  const [page, setPage] = useState<Paged<T>>({ records: [], total: 0 });
  const [pages, setPages] = useState(1);
  const [loading, setLoading] = useState(true);
  // Another market's list ("this market only" on a switch) starts again at one page.
  useResetOn(symbol, () => {
    setPages(1);
    setLoading(true);
  });

  const load = useCallback(
    async (signal: AbortSignal) => {
      const result = await get<Paged<T>>(
        path,
        { pageNo: 1, pageSize: PAGE_SIZE * pages, ...(symbol ? { symbol } : {}) },
        { signal, silent: true },
      );
      if (signal.aborted) return;
      setLoading(false);
      if (result.data) setPage({ records: result.data.records, total: result.data.total });
    },
    [path, symbol, pages],
  );
  useEffect(() => {
    const controller = new AbortController();
    void load(controller.signal);
    return () => controller.abort();
  }, [load]);
  return { page, loading, more: () => setPages((p) => p + 1) };
}

function OrderHistory(props: { symbol: string | null; orders: readonly SpotOrder[] }) {
  const { page, loading, more } = usePaged<SpotOrder>('/exchange/order/history', props.symbol);
  const { records, total } = useMemo(
    () => withClosedOrders(page, props.orders, props.symbol),
    [page, props.orders, props.symbol],
  );
  const text = useTexts();
  const { t } = text;
  return (
    <div className="orders-body">
      <table className="orders-table" data-list="history">
        <Head
          cols={['time', 'pair', 'type', 'side', 'average', 'price', 'filled', 'amount', 'total', 'trigger', 'status']}
        />
        <tbody>
          {records.map((o) => (
            <tr key={o.orderId} data-order-id={o.orderId}>
              <OrderLead order={o} />
              <td>{o.averagePrice === '0' ? '--' : num(o.averagePrice)}</td>
              <td>{o.type === OrderType.market ? t('trade.orders.market') : num(o.price)}</td>
              <td>{num(o.tradedAmount)}</td>
              <td>{num(o.amount)}</td>
              <td>{formatTurnover(o.turnover, o.baseSymbol)}</td>
              <td>{o.triggerPrice === '0' ? '--' : num(o.triggerPrice)}</td>
              <td>{text.status(o)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ListFooter loading={loading} shown={records.length} total={total} more={more} />
    </div>
  );
}

function TradeHistory(props: { symbol: string | null; fills: readonly SpotFill[] }) {
  const { page, loading, more } = usePaged<SpotFill>('/exchange/order/trades', props.symbol);
  const { records, total } = useMemo(
    () => withNewFills(page, props.fills, props.symbol),
    [page, props.fills, props.symbol],
  );
  const text = useTexts();
  const { t } = text;
  return (
    <div className="orders-body">
      <table className="orders-table" data-list="trades">
        <Head cols={['time', 'pair', 'side', 'price', 'amount', 'total', 'fee', 'role']} />
        <tbody>
          {records.map((f) => (
            <tr key={`${f.tradeId}:${f.direction}`} data-order-id={f.orderId}>
              <td>{formatDateTime(f.time, true)}</td>
              <td>{f.symbol}</td>
              <td className={sideClass(f.direction)}>{text.side(f.direction)}</td>
              <td>{num(f.price)}</td>
              <td>{num(f.amount)}</td>
              <td>{formatTurnover(f.turnover, quoteOf(f.symbol))}</td>
              <td>
                {f.fee} {f.feeCoin}
              </td>
              <td>{t(`trade.orders.${f.maker ? 'maker' : 'taker'}`)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <ListFooter loading={loading} shown={records.length} total={total} more={more} />
    </div>
  );
}

function ListFooter(props: { loading: boolean; shown: number; total: number; more: () => void }) {
  const { t } = useTranslation();
  if (props.loading) return null;
  if (props.shown === 0) return <p className="orders-none">{t('trade.orders.empty')}</p>;
  if (props.shown >= props.total) return null;
  return (
    <button type="button" className="link-button orders-more" onClick={props.more}>
      {t('trade.orders.more')}
    </button>
  );
}

/** The spot wallet's coins that hold something, as the user's state keeps them (no request of its own). */
function Balances({ balances, loaded }: { balances: readonly UserBalance[]; loaded: boolean }) {
  const { t } = useTranslation();
  const rows = balances.filter((b) => Number(b.available) !== 0 || Number(b.frozen) !== 0);
  return (
    <div className="orders-body">
      <table className="orders-table" data-list="balances">
        <Head cols={['coin', 'availableBalance', 'frozen']} />
        <tbody>
          {rows.map((b) => (
            <tr key={b.coin} data-coin={b.coin}>
              <td>{b.coin}</td>
              <td>{groupDigits(b.available)}</td>
              <td>{groupDigits(b.frozen)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {loaded && rows.length === 0 && <p className="orders-none">{t('trade.orders.empty')}</p>}
    </div>
  );
}
