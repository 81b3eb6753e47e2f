import { useCallback, useMemo } from 'react';
import { Link, useLocation } from 'wouter';
import type { CoinInfo } from '../../../common/market.ts';
import { request } from '../../api/request.ts';
import { useRequest } from '../../api/use-request.ts';
import { useShell } from '../../app/shell-state.tsx';
import { useTicker } from '../../data/hooks.ts';
import { formatBookAmount } from '../../format/book.ts';
import { formatChangePercent } from '../../format/change.ts';
import { formatPriceText, formatQuoteTurnover } from '../../format/price.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ChartPanel } from '../trade/chart-panel.tsx';
import { tradePath } from '../trade/market.ts';
import { liveQuote, parseQuotePath, type QuoteMarket, quotePath } from './quote-rows.ts';
import { useQuoteMarkets } from './use-quote-markets.ts';
import './quotes.css';
import { OrderBookPreview } from './order-book-preview.tsx';

/**
 * Quote details (spec shell §2): /quotes/{coin}/{unit}, /quotes/{symbol} and /quotes/stock/{symbol}. A listed spot
 * market shows its live price and 24 h statistics, the candle chart, the coin's facts and a Trade button; a market
 * that is not listed (and every stock: none is listed yet) says so.
 */
export function QuoteDetailPage() {
  const { t } = useTranslation();
  const [pathname] = useLocation();
  const target = parseQuotePath(pathname);
  const { state, reload, markets } = useQuoteMarkets();

  let body: React.ReactNode;
  if (!target) body = <p className="quotes-empty">{t('quotes.detail.invalid')}</p>;
  else if (target.kind === 'stock')
    body = (
      <p className="quotes-empty" data-testid="not-listed">
        {t('quotes.detail.stockNotListed', { symbol: target.symbol })}
      </p>
    );
  else if (state.status === 'loading') body = <p className="quotes-empty">{t('common.loading')}</p>;
  else if (state.status === 'error')
    body = (
      <p className="quotes-empty error" role="alert">
        {state.message}{' '}
        <button type="button" onClick={reload}>
          {t('common.retry')}
        </button>
      </p>
    );
  else {
    const market = markets.find((m) => m.symbol === target.symbol);
    body = market ? (
      <QuoteDetail market={market} siblings={markets.filter((m) => m.coin === market.coin)} />
    ) : (
      <p className="quotes-empty" data-testid="not-listed">
        {t('quotes.detail.notListed', { symbol: target.symbol })}
      </p>
    );
  }
  return (
    <div className="quotes-page quote-detail-page">
      <Link href="/quotes/list/spot" className="quotes-back">
        ← {t('quotes.detail.back')}
      </Link>
      {body}
    </div>
  );
}

function QuoteDetail(props: { market: QuoteMarket; siblings: QuoteMarket[] }) {
  const { market: m, siblings } = props;
  const { t } = useTranslation();
  const { lang } = useShell();
  const ticker = useTicker(m.symbol);
  const q = liveQuote(m, ticker, ticker ? 0 : undefined);
  const trend = q.chg < 0 ? 'down' : 'up';
  const usd = q.price * m.quoteUsd;

  return (
    <div className="quote-detail" data-symbol={m.symbol}>
      <header className="quote-detail-head">
        <img src={m.logoUrl} alt="" width={40} height={40} />
        <h1>
          {m.coin}
          <span className="quote">/{m.unit}</span>
        </h1>
        <div className="quote-last">
          <span className={`price ${trend}`} data-testid="detail-price" data-price={q.price}>
            {formatPriceText(q.price, m.priceScale)}
          </span>
          <span className="usd" title={t('quotes.detail.usdValue')}>
            {Number.isFinite(usd) ? `≈ $${formatPriceText(usd, 2)}` : ''}
          </span>
        </div>
        <Link href={tradePath(m.symbol)} className="btn-primary quote-trade" data-testid="trade-button">
          {t('quotes.detail.trade', { coin: m.coin })}
        </Link>
      </header>
      <section className="quote-stats" aria-label={t('quotes.detail.stats')}>
        <h2>{t('quotes.detail.stats')}</h2>
        <dl>
          <div>
            <dt>{t('quotes.detail.change')}</dt>
            <dd className={trend} data-testid="stat-change">
              {formatPriceText(q.change, m.priceScale)} {formatChangePercent(q.chg)}
            </dd>
          </div>
          <div>
            <dt>{t('quotes.detail.high')}</dt>
            <dd data-testid="stat-high">{formatPriceText(q.high, m.priceScale)}</dd>
          </div>
          <div>
            <dt>{t('quotes.detail.low')}</dt>
            <dd data-testid="stat-low">{formatPriceText(q.low, m.priceScale)}</dd>
          </div>
          <div>
            <dt>{t('quotes.detail.volume', { coin: m.coin })}</dt>
            <dd data-testid="stat-volume">{formatBookAmount(q.volume, m.amountScale)}</dd>
          </div>
          <div>
            <dt>{t('quotes.detail.turnover', { unit: m.unit })}</dt>
            <dd data-testid="stat-turnover">{formatQuoteTurnover(q.turnover, m.unit, lang)}</dd>
          </div>
        </dl>
      </section>
      <div className="quote-chart">
        <ChartPanel symbol={m.symbol} priceScale={m.priceScale} />
      </div>
      <div className="quote-side">
        <CoinFacts unit={m.coin} />
        <OrderBookPreview symbol={m.symbol} priceScale={m.priceScale} amountScale={m.amountScale} lang={lang} />
        {siblings.length > 1 && (
          <section className="quote-siblings">
            <h2>{t('quotes.detail.otherMarkets', { coin: m.coin })}</h2>
            <ul>
              {siblings.map((s) => (
                <li key={s.symbol}>
                  <Link href={quotePath(s.symbol)} aria-current={s.symbol === m.symbol ? 'page' : undefined}>
                    {s.symbol}
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </div>
  );
}

/** The coin's stored facts from `GET /market/coin-info`. */
function CoinFacts(props: { unit: string }) {
  const { unit } = props;
  const { t } = useTranslation();
  const load = useCallback(
    (signal: AbortSignal) => request<CoinInfo>('GET', '/market/coin-info', { unit }, { signal, silent: true }),
    [unit],
  );
  const { state, reload } = useRequest(load);
  const facts = useMemo(() => {
    if (state.status !== 'done') return [];
    const c = state.data;
    const flag = (on: 0 | 1) => (on ? t('quotes.detail.open') : t('quotes.detail.suspended'));
    return [
      ['name', c.name],
      ['symbol', c.unit],
      ['decimals', String(c.decimals)],
      ['usdRate', `$${c.usdRate}`],
      ['deposit', flag(c.canDeposit)],
      ['withdraw', flag(c.canWithdraw)],
      ['withdrawFee', `${c.withdrawFee} ${c.unit}`],
      ['minWithdraw', `${c.minWithdraw} ${c.unit}`],
    ] as const;
  }, [state, t]);
  return (
    <section className="quote-coin" data-testid="coin-info">
      <h2>{t('quotes.detail.about', { coin: unit })}</h2>
      {state.status === 'loading' && <p className="quotes-empty">{t('common.loading')}</p>}
      {state.status === 'error' && (
        <p className="quotes-empty error" role="alert">
          {state.message}{' '}
          <button type="button" onClick={reload}>
            {t('common.retry')}
          </button>
        </p>
      )}
      {facts.length > 0 && (
        <dl>
          {facts.map(([key, value]) => (
            <div key={key} data-fact={key}>
              <dt>{t(`quotes.detail.${key}`)}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}
