import { useMemo, useRef } from 'react';
import type { SymbolThumb } from '../../../common/market.ts';
import { TICKER_COLUMN as COL, TICKER_COLUMNS } from '../../../workers/api.ts';
import { useTicker } from '../../data/hooks.ts';
import { formatBookAmount } from '../../format/book.ts';
import { formatPercent } from '../../format/change.ts';
import { formatPriceText, formatQuoteTurnover } from '../../format/price.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

/** Whether the last price went up or down: against the previous reading, the 24 h change until there is one. */
export function priceDirection(price: number, previous: number, change: number): 'up' | 'down' {
  if (Number.isFinite(previous) && price !== previous) return price > previous ? 'up' : 'down';
  return change < 0 ? 'down' : 'up';
}

/**
 * The market header (spec trading §2): last price coloured by direction with its USD value, 24 h change, high, low,
 * volume and turnover, live from the worker's ticker.
 */
export function MarketHeader(props: { symbol: string; thumb: SymbolThumb | undefined; coin: string; unit: string }) {
  const { symbol, thumb, coin, unit } = props;
  const { t } = useTranslation();
  // The page's language (a change reloads the page, spec shell §4).
  const lang = currentLanguage();
  const ticker = useTicker(symbol);
  // Translated once per language, not on every ticker: lookups were a large part of a ticker's render.
  const label = useMemo(
    () => ({
      last: t('trade.last'),
      change24h: t('trade.change24h'),
      high24h: t('trade.high24h'),
      low24h: t('trade.low24h'),
      volume24h: t('trade.volume24h', { coin }),
      amount24h: t('trade.amount24h', { unit }),
    }),
    [t, coin, unit],
  );
  const priceScale = thumb?.priceScale ?? 4;
  const row = ticker && ticker.values.length >= TICKER_COLUMNS ? ticker.values : null;
  const value = (col: number, fallback: string | number | undefined) =>
    row ? (row[col] ?? Number.NaN) : Number(fallback);
  const price = value(COL.price, thumb?.close);
  const change = value(COL.change, thumb?.change);
  const rate = row ? (row[COL.changeRate] ?? Number.NaN) : Number(thumb?.chg ?? Number.NaN) * 100;
  const last = useRef({ price: Number.NaN, dir: 'up' as 'up' | 'down' });
  if (price !== last.current.price && Number.isFinite(price)) {
    last.current = { price, dir: priceDirection(price, last.current.price, change) };
  }
  const usd = thumb ? price * Number(thumb.baseUsdRate) : Number.NaN;
  const trend = change < 0 ? 'down' : 'up';
  return (
    <div className="market-header" data-symbol={symbol}>
      <div className="last" data-testid="last-price">
        <span className={`price ${last.current.dir}`} title={label.last}>
          {formatPriceText(price, priceScale)}
        </span>
        <span className="usd">{Number.isFinite(usd) ? `≈ $${formatPriceText(usd, 2)}` : ''}</span>
        {/* Beside the price on a phone, whose figures below scroll sideways (trade.css). */}
        <span className={`last-change ${trend}`} data-testid="last-change">
          {formatPercent(rate)}
        </span>
      </div>
      <dl className="stats">
        <div>
          <dt>{label.change24h}</dt>
          <dd className={trend}>
            {formatPriceText(change, priceScale)} {formatPercent(rate)}
          </dd>
        </div>
        <div>
          <dt>{label.high24h}</dt>
          <dd>{formatPriceText(value(COL.high, thumb?.high), priceScale)}</dd>
        </div>
        <div>
          <dt>{label.low24h}</dt>
          <dd>{formatPriceText(value(COL.low, thumb?.low), priceScale)}</dd>
        </div>
        <div>
          <dt>{label.volume24h}</dt>
          <dd>{formatBookAmount(value(COL.volume, thumb?.volume), thumb?.amountScale)}</dd>
        </div>
        <div>
          <dt>{label.amount24h}</dt>
          <dd>{formatQuoteTurnover(value(COL.amount, thumb?.turnover), unit, lang)}</dd>
        </div>
      </dl>
    </div>
  );
}
