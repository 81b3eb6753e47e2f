import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { SPOT_MARKET_LIST, type SymbolThumb } from '../../../common/market.ts';
import { Side } from '../../../common/trading.ts';
import { request } from '../../api/request.ts';
import { getToken, useIsLogin } from '../../api/session.ts';
import { useRequest } from '../../api/use-request.ts';
import { takeEarly } from '../../data/early-lists.ts';
import { DEFAULT_SPOT_DECIMALS } from '../../format/price.ts';
import { AfterBook } from './after-book.tsx';
import { ChartPanel } from './chart-panel.tsx';
import { useFavourites } from './favourites.ts';
import { parseTradeLocation } from './market.ts';
import { MarketHeader } from './market-header.tsx';
import { MobileTabs, useMobileTab } from './mobile-tabs.tsx';
import { OrderBook, type OwnPrices } from './order-book.tsx';
import { OrderEntry } from './order-entry/order-entry.tsx';
import { OrdersPanel } from './orders/orders-panel.tsx';
import { RecentTrades } from './recent-trades.tsx';
import { useSpotSession } from './spot-session.ts';
import { SymbolSelector } from './symbol-selector.tsx';
import { setTradeConfig, tradeConfig } from './trade-config.ts';
import './trade.css';

/** The contract terminal, loaded only when asked for (`?type=contract`). */
const ContractPage = lazy(() => import('../contract/contract-page.tsx').then((m) => ({ default: m.ContractPage })));

/** /trade and /trade/{coin}-{unit}: the spot terminal, or the contract terminal for `?type=contract` (spec trading §2). */
export function TradePage() {
  const [pathname] = useLocation();
  const search = useSearch();
  if (parseTradeLocation(pathname, search).type === 'contract') {
    return (
      <Suspense fallback={null}>
        <ContractPage />
      </Suspense>
    );
  }
  return <SpotTradePage />;
}

/**
 * The spot terminal (/trade, /trade/{coin}-{unit}, ?symbol=; spec trading §2): market header with the symbol
 * selector, candles and depth chart, the order book and recent trades, all live from the worker data plane. Below
 * the mobile breakpoint the chart, book, trades and form are tabs (`data-mobile-tab`) above the orders.
 */
function SpotTradePage() {
  const [pathname] = useLocation();
  const search = useSearch();
  const isLogin = useIsLogin();
  // The last market, read (not watched) only on /trade without one: storing the market shown (the effect below) must
  // not render the whole terminal a second time as it mounts.
  const { symbol, type } = parseTradeLocation(pathname, search, () => tradeConfig().currentSpotKey);
  const load = useCallback(
    (signal: AbortSignal) => request<SymbolThumb[]>('GET', SPOT_MARKET_LIST, {}, { signal, silent: true }),
    [],
  );
  // The list the entry fetched for this page's cold load (main.tsx), once; a later visit asks afresh.
  const [first] = useState(() => takeEarly<SymbolThumb[]>(SPOT_MARKET_LIST));
  const { state } = useRequest(load, first);
  const thumbs = state.status === 'done' ? state.data : [];
  const thumb = useMemo(() => thumbs.find((m) => m.symbol === symbol), [thumbs, symbol]);
  const favourites = useFavourites(isLogin);
  const [coin = symbol, unit = ''] = symbol.split('/');
  const priceScale = thumb?.priceScale ?? DEFAULT_SPOT_DECIMALS;
  const amountScale = thumb?.amountScale ?? DEFAULT_SPOT_DECIMALS;
  const coins = useMemo(() => ({ base: coin, quote: unit }), [coin, unit]);
  const session = useSpotSession(symbol, isLogin ? getToken() : null, coins);
  const [mobileTab, setMobileTab] = useMobileTab(symbol);
  const own = useMemo<OwnPrices>(() => {
    const mine = session.open.filter(
      (o) => o.symbol === symbol && o.price !== '0' && !(o.triggerPrice !== '0' && !o.triggered),
    );
    return {
      bids: mine.filter((o) => o.direction === Side.buy).map((o) => o.price),
      asks: mine.filter((o) => o.direction === Side.sell).map((o) => o.price),
    };
  }, [session.open, symbol]);

  // The stored trade config remembers the last spot market (spec shell §3 currentSpotKey).
  const known = thumb !== undefined;
  useEffect(() => {
    if (type === 'spot' && known) setTradeConfig({ currentSpotKey: symbol });
  }, [symbol, type, known]);

  return (
    <div className="trade-page" data-symbol={symbol} data-type={type}>
      <div className="trade-top">
        <SymbolSelector symbol={symbol} thumbs={thumbs} favourites={favourites} isLogin={isLogin} />
        <MarketHeader symbol={symbol} thumb={thumb} coin={coin} unit={unit} />
      </div>
      <MobileTabs tab={mobileTab} onChange={setMobileTab} />
      {/* The chart, book, tape and orders follow a new market in place (the orders keep their tab); the form starts
          afresh with it. On a cold load the tape and the orders come once the book is live (after-book.tsx). */}
      <div className="trade-grid" data-mobile-tab={mobileTab}>
        <ChartPanel symbol={symbol} priceScale={priceScale} afterBook />
        <OrderBook
          symbol={symbol}
          coin={coin}
          unit={unit}
          priceScale={priceScale}
          amountScale={amountScale}
          own={own}
        />
        <AfterBook area="trade-trades">
          <RecentTrades symbol={symbol} coin={coin} unit={unit} priceScale={priceScale} amountScale={amountScale} />
        </AfterBook>
        <OrderEntry key={symbol} symbol={symbol} coins={coins} session={isLogin ? session : null} />
        <AfterBook area="trade-orders">
          <OrdersPanel symbol={symbol} session={isLogin ? session : null} />
        </AfterBook>
      </div>
    </div>
  );
}
