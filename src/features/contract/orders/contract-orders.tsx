import { memo, useId, useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation.ts';
import { type ContractSession, contractSymbol } from '../session.ts';
import { HistoryList, type HistoryTab } from './history-tabs.tsx';
import { OpenOrdersList, PlansList } from './live-tabs.tsx';
import { planTab } from './rules.ts';
import '../../trade/orders/orders-panel.css';
import '../positions/positions.css';

type LiveTab = 'open' | 'plans' | 'tpsl' | 'trailing';
type Tab = LiveTab | HistoryTab;
const LIVE: readonly LiveTab[] = ['open', 'plans', 'tpsl', 'trailing'];
const HISTORY: readonly HistoryTab[] = ['orderHistory', 'planHistory', 'tradeHistory', 'funding', 'positionHistory'];

/**
 * The contract terminal's order tabs: open orders, plan orders, TP/SL and trailing stops live from the user's state
 * (cancel, cancel all), and the REST histories of orders, plans, fills, funding and closed positions, 4 rows a page.
 * "This contract only" filters every tab. `session` is null for a visitor.
 */
// Memoised: its parent re-renders on every price tick, these tabs only when the user's state changes.
export const ContractOrders = memo(function ContractOrders(props: { symbol: string; session: ContractSession | null }) {
  const { session } = props;
  const symbol = contractSymbol(props.symbol);
  const { t } = useTranslation();
  const titleId = useId();
  const [tab, setTab] = useState<Tab>('open');
  const [onlyHere, setOnlyHere] = useState(false);
  const here = <R extends { symbol: string }>(rows: readonly R[]) =>
    onlyHere ? rows.filter((r) => r.symbol === symbol) : rows;
  const open = here(session?.openOrders ?? []);
  const plans = here(session?.plans ?? []);
  const live = {
    open,
    plans: plans.filter((p) => planTab(p) === 'plans'),
    tpsl: plans.filter((p) => planTab(p) === 'tpsl'),
    trailing: plans.filter((p) => planTab(p) === 'trailing'),
  };
  const label = (k: Tab) =>
    (LIVE as readonly string[]).includes(k)
      ? t(`contractOrders.orders.${k as LiveTab}`, { count: live[k as LiveTab].length })
      : t(`contractOrders.orders.${k as HistoryTab}`);

  return (
    <section className="trade-panel cp-orders" aria-labelledby={titleId} data-state={session?.status ?? 'visitor'}>
      <header className="panel-head orders-head">
        <h2 id={titleId} className="sr-only">
          {t('contractOrders.orders.orderHistory')}
        </h2>
        <div className="orders-tabs" role="tablist">
          {[...LIVE, ...HISTORY].map((k) => (
            <button key={k} type="button" role="tab" data-tab={k} aria-selected={tab === k} onClick={() => setTab(k)}>
              {label(k)}
            </button>
          ))}
        </div>
        {session && (
          <label className="orders-only">
            <input type="checkbox" checked={onlyHere} onChange={(e) => setOnlyHere(e.target.checked)} />
            {t('contractOrders.thisContract')}
          </label>
        )}
      </header>
      {!session ? (
        <p className="orders-empty">{t('contractOrders.loginPrompt')}</p>
      ) : tab === 'open' ? (
        <OpenOrdersList orders={open} refresh={session.refresh} />
      ) : (LIVE as readonly string[]).includes(tab) ? (
        <PlansList list={tab} plans={live[tab as Exclude<LiveTab, 'open'>]} refresh={session.refresh} />
      ) : (
        <HistoryList
          key={`${tab}|${onlyHere}`}
          tab={tab as HistoryTab}
          symbol={onlyHere ? symbol : null}
          reload={session.epoch}
        />
      )}
    </section>
  );
});
