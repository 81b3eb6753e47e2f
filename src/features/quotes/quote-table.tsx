import { type CSSProperties, type MouseEvent, memo, useMemo } from 'react';
import { List, type RowComponentProps } from 'react-window';
import { useLocation } from 'wouter';
import type { Lang } from '../../../common/i18n.ts';
import { formatBookAmount } from '../../format/book.ts';
import { formatChangePercent } from '../../format/change.ts';
import { formatPriceText, formatQuoteTurnover } from '../../format/price.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { SortButton } from '../../ui/sort-button.tsx';
import { tradePath } from '../trade/market.ts';
import {
  liveQuote,
  nextQuoteSort,
  QUOTE_SORT_KEYS,
  type QuoteMarket,
  type QuoteSort,
  type QuoteSortKey,
  quotePath,
  type TickerTable,
} from './quote-rows.ts';

/** Row height in px: fixed, so react-window places rows without measuring them. */
export const QUOTE_ROW_HEIGHT = 48;

interface RowProps {
  markets: readonly QuoteMarket[];
  table: TickerTable | null;
  rows: ReadonlyMap<string, number>;
  favourites: ReadonlySet<string>;
  onStar: (symbol: string) => void;
  lang: Lang;
  labels: { add: string; remove: string; trade: string };
}

/**
 * One visible row: reads its market's numbers from the latest ticker table and hands plain values to the memoised
 * view, so a snapshot redraws only the rows whose numbers moved (and react-window mounts only the visible ones).
 */
function QuoteRow(props: RowComponentProps<RowProps>) {
  const { index, style, markets, table, rows, favourites, onStar, lang, labels } = props;
  const market = markets[index];
  if (!market) return null;
  const q = liveQuote(market, table, rows.get(market.symbol));
  return (
    <QuoteRowView
      style={style}
      index={index}
      setSize={markets.length}
      market={market}
      price={q.price}
      chg={q.chg}
      high={q.high}
      low={q.low}
      volume={q.volume}
      turnover={q.turnover}
      starred={favourites.has(market.symbol)}
      onStar={onStar}
      lang={lang}
      labels={labels}
    />
  );
}

export interface ViewProps {
  style: CSSProperties;
  index: number;
  /** Rows in the list: each row is a listitem of the virtual list (react-window gives it role list). */
  setSize: number;
  market: QuoteMarket;
  price: number;
  chg: number;
  high: number;
  low: number;
  volume: number;
  turnover: number;
  starred: boolean;
  onStar: (symbol: string) => void;
  lang: Lang;
  labels: RowProps['labels'];
}

const sameView = (a: ViewProps, b: ViewProps) =>
  a.market === b.market &&
  a.index === b.index &&
  a.setSize === b.setSize &&
  a.price === b.price &&
  a.chg === b.chg &&
  a.high === b.high &&
  a.low === b.low &&
  a.volume === b.volume &&
  a.turnover === b.turnover &&
  a.starred === b.starred &&
  a.onStar === b.onStar &&
  a.lang === b.lang &&
  a.labels === b.labels &&
  a.style.transform === b.style.transform &&
  a.style.height === b.style.height;

/** One row of the table; exported for its tests. */
export const QuoteRowView = memo(function QuoteRowView(props: ViewProps) {
  const {
    style,
    index,
    setSize,
    market: m,
    price,
    chg,
    high,
    low,
    volume,
    turnover,
    starred,
    onStar,
    lang,
    labels,
  } = props;
  const trend = chg < 0 ? 'down' : 'up';
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of react-window's list, a <div role="list"> positioned by it.
    <div
      className="quote-row"
      role="listitem"
      aria-posinset={index + 1}
      aria-setsize={setSize}
      style={style}
      data-index={index}
      data-symbol={m.symbol}
      data-price={price}
    >
      <span className="cell star-cell">
        <button
          type="button"
          className={`star${starred ? ' on' : ''}`}
          aria-pressed={starred}
          aria-label={starred ? labels.remove : labels.add}
          title={starred ? labels.remove : labels.add}
          onClick={() => onStar(m.symbol)}
        >
          {starred ? '★' : '☆'}
        </button>
      </span>
      <span className="cell pair-cell">
        <a href={quotePath(m.symbol)} className="pair" data-nav="">
          <img src={m.logoUrl} alt="" width={20} height={20} loading="lazy" />
          <span className="base">{m.coin}</span>
          <span className="quote">/{m.unit}</span>
        </a>
      </span>
      <span className={`cell num price ${trend}`}>{formatPriceText(price, m.priceScale)}</span>
      <span className={`cell num ${trend}`}>{formatChangePercent(chg)}</span>
      <span className="cell num">{formatPriceText(high, m.priceScale)}</span>
      <span className="cell num">{formatPriceText(low, m.priceScale)}</span>
      <span className="cell num">{formatBookAmount(volume, m.amountScale)}</span>
      <span className="cell num">{formatQuoteTurnover(turnover, m.unit, lang)}</span>
      <span className="cell action-cell">
        <a href={tradePath(m.symbol)} className="trade-link" data-nav="">
          {labels.trade}
        </a>
      </span>
    </div>
  );
}, sameView);

/**
 * The virtualised quotes table (react-window List): a sortable header over `markets` (already filtered and ordered),
 * each visible row live from `table`. Stays smooth at thousands of rows: only the rows on screen exist.
 */
export function QuoteTable(props: {
  markets: readonly QuoteMarket[];
  table: TickerTable | null;
  rows: ReadonlyMap<string, number>;
  favourites: ReadonlySet<string>;
  onStar: (symbol: string) => void;
  sort: QuoteSort | null;
  onSort: (sort: QuoteSort | null) => void;
  lang: Lang;
}) {
  const { markets, table, rows, favourites, onStar, sort, onSort, lang } = props;
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  // Rows hold plain links (a router link per row costs a subscription each as rows scroll in): one handler here
  // opens them in the app, leaving modified clicks (new tab) to the browser.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as Element).closest('a[data-nav]');
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    navigate(link.getAttribute('href') ?? '/');
  };
  const labels = useMemo(
    () => ({ add: t('quotes.addFavourite'), remove: t('quotes.removeFavourite'), trade: t('quotes.trade') }),
    [t],
  );
  const rowProps = useMemo<RowProps>(
    () => ({ markets, table, rows, favourites, onStar, lang, labels }),
    [markets, table, rows, favourites, onStar, lang, labels],
  );
  const header = (key: QuoteSortKey) => {
    const label = t(`quotes.columns.${key}`);
    const active = sort?.key === key ? sort.dir : null;
    return (
      <span key={key} className={`cell${key === 'pair' ? ' pair-cell' : ' num'}`} data-dir={active ?? 'none'}>
        <SortButton
          sortKey={key}
          label={label}
          dir={active}
          title={t('quotes.sortBy', { column: label })}
          onClick={() => onSort(nextQuoteSort(sort, key))}
        />
      </span>
    );
  };
  return (
    // biome-ignore lint/a11y/useKeyWithClickEvents lint/a11y/noStaticElementInteractions: delegated link clicks; the links themselves take the keyboard.
    <div className="quote-table" data-count={markets.length} onClick={onClick}>
      <div className="quote-row quote-head">
        <span className="cell star-cell" />
        {QUOTE_SORT_KEYS.map(header)}
        <span className="cell action-cell">{t('quotes.columns.action')}</span>
      </div>
      <List
        className="quote-list"
        rowComponent={QuoteRow}
        rowCount={markets.length}
        rowHeight={QUOTE_ROW_HEIGHT}
        rowProps={rowProps}
        overscanCount={6}
      />
    </div>
  );
}
