import { memo, useEffect, useMemo } from 'react';
import { Link, useSearch } from 'wouter';
import type { ContractThumb } from '../../../common/contracts/swap.ts';
import { swapMarket } from '../../../common/market.ts';
import { getToken } from '../../api/session.ts';
import { useShell } from '../../app/shell-state.tsx';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ChartPanel } from '../trade/chart-panel.tsx';
import { useFavourites } from '../trade/favourites.ts';
import { MobileTabs, useMobileTab } from '../trade/mobile-tabs.tsx';
import { OrderBook } from '../trade/order-book.tsx';
import { RecentTrades } from '../trade/recent-trades.tsx';
import { setTradeConfig, useTradeConfig } from '../trade/trade-config.ts';
import { contractPath, contractSymbolFrom } from './contract-location.ts';
import { ContractEntry } from './entry/index.ts';
import { ContractHeader } from './market/contract-header.tsx';
import { useContractPrices } from './market/contract-prices.ts';
import { ContractSelector } from './market/contract-selector.tsx';
import { CONTRACT_FAVOURITES, useContractThumbs } from './market/contract-thumbs.ts';
import { ContractOrders } from './orders/contract-orders.tsx';
import { ContractPositions } from './positions/contract-positions.tsx';
import { useContractSession } from './session.ts';
import '../trade/trade.css';
import './contract.css';

/**
 * The contract terminal (/trade/contract?symbol=BTC_USDT, /trade?type=contract; issue 21): the contract selector and
 * market header on top, then the spot terminal's chart, book and tape on the perpetual's market (`BTC/USDT:USDT`),
 * live from the worker. `contract-entry-area` holds the order form (a login prompt for a visitor) and
 * `contract-orders-area` the positions and orders. Below the mobile breakpoint the chart, book, trades and form are
 * tabs (`data-mobile-tab`) above the positions and orders.
 */
export function ContractPage() {
  const { t } = useTranslation();
  const search = useSearch();
  const { isLogin } = useShell();
  const { currentContractKey } = useTradeConfig();
  const symbol = contractSymbolFrom(search, currentContractKey);
  const { thumbs, status } = useContractThumbs();
  const thumb = useMemo(() => thumbs.find((c) => c.symbol === symbol), [thumbs, symbol]);
  const favourites = useFavourites(isLogin, CONTRACT_FAVOURITES);
  const market = swapMarket(symbol);
  const [mobileTab, setMobileTab] = useMobileTab(market);
  const known = thumb !== undefined;
  // The stored trade config remembers the last contract (spec shell §3 currentContractKey), as spot does its market.
  useEffect(() => {
    if (known) setTradeConfig({ currentContractKey: symbol });
  }, [symbol, known]);

  const priceScale = thumb?.quoteDecimal ?? 2;
  const unit = thumb?.quoteCoin ?? 'USDT';
  const cont = t('contract.cont');
  let notice: string | null = null;
  if (status === 'error') notice = t('contract.loadFailed');
  else if (status === 'done' && !known) notice = t('contract.unknown', { symbol: symbol.replace('/', '') });
  return (
    <div className="trade-page contract-page" data-symbol={symbol} data-market={market} data-type="contract">
      <div className="trade-top">
        <ContractSelector symbol={symbol} thumbs={thumbs} favourites={favourites} isLogin={isLogin} />
        {known && <ContractHeader market={market} thumb={thumb} />}
      </div>
      {notice !== null ? (
        <p className="trade-notice" role="status">
          {notice}
        </p>
      ) : (
        // Waits for the contract's grid: the book and tape are drawn on its price scale.
        known && (
          <>
            <MobileTabs tab={mobileTab} onChange={setMobileTab} />
            {/* The chart, book and tape follow a new contract in place; the form, positions and orders start afresh. */}
            <div className="trade-grid contract-grid" data-mobile-tab={mobileTab}>
              <ChartPanel symbol={market} priceScale={priceScale} afterBook />
              <OrderBook symbol={market} coin={cont} unit={unit} priceScale={priceScale} amountScale={0} />
              <RecentTrades symbol={market} coin={cont} unit={unit} priceScale={priceScale} amountScale={0} />
              <ContractTrading key={symbol} symbol={symbol} market={market} thumb={thumb} isLogin={isLogin} />
            </div>
          </>
        )
      )}
    </div>
  );
}

/**
 * The order form and the positions and orders: the only parts that follow every price tick and user event, so those
 * re-render them alone, never the chart, book and tape beside them.
 */
function ContractTrading(props: { symbol: string; market: string; thumb: ContractThumb; isLogin: boolean }) {
  const { symbol, market, thumb, isLogin } = props;
  const session = useContractSession(symbol, isLogin ? getToken() : null);
  const { prices, fundingRate } = useContractPrices(market, thumb.quoteDecimal);
  // The form's next-funding row reads the thumb's rate: the live predicted one from `mark:` once it has come.
  const live = useMemo(
    () => (fundingRate !== undefined ? { ...thumb, fundingRate: fundingRate.toFixed(8) } : thumb),
    [thumb, fundingRate],
  );
  return (
    <>
      <div className="contract-entry-area trade-entry">
        {isLogin ? (
          <ContractEntry contract={live} prices={prices} session={session} />
        ) : (
          <ContractVisitor symbol={symbol} />
        )}
      </div>
      <div className="contract-orders-area trade-orders">
        {isLogin && <ContractPositions symbol={symbol} session={session} prices={prices} />}
        <ContractOrders symbol={symbol} session={isLogin ? session : null} />
      </div>
    </>
  );
}

/** A visitor's order form: log in (back here afterwards) or register; memoised, as its parent follows every price. */
const ContractVisitor = memo(function ContractVisitor({ symbol }: { symbol: string }) {
  const { t } = useTranslation();
  return (
    <div className="trade-panel contract-visitor" data-testid="contract-login-prompt">
      <p>{t('contract.visitor.prompt')}</p>
      <div className="contract-visitor-actions">
        <Link className="btn btn-primary" href={`/login?fromUrl=${encodeURIComponent(contractPath(symbol))}`}>
          {t('contract.visitor.login')}
        </Link>
        <Link className="btn btn-ghost" href="/register">
          {t('contract.visitor.register')}
        </Link>
      </div>
    </div>
  );
});
