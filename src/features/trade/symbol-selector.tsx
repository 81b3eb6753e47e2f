import { memo, type ReactNode, useCallback, useMemo, useState } from 'react';
import { useLocation } from 'wouter';
import { SPOT_QUOTES, type SpotQuote, type SymbolThumb } from '../../../common/market.ts';
import { useTickers } from '../../data/hooks.ts';
import { formatChangePercent, formatPriceText } from '../../format/price.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { ChevronDownIcon } from '../../ui/icons.tsx';
import { Popover } from '../../ui/popover.tsx';
import { SearchBox } from '../../ui/search-box.tsx';
import { SortButton } from '../../ui/sort-button.tsx';
import { useVirtualRows } from '../../ui/virtual-rows.ts';
import { ContractChoices } from '../contract/market/contract-selector.tsx';
import { liveQuote, marketsOf, type QuoteMarket, sortMarkets, TickerIndex } from '../quotes/quote-rows.ts';
import type { Favourites } from './favourites.ts';
import { DEFAULT_QUOTE, nextSort, type SelectorTab, type Sort, type SortKey, selectorRows } from './market.ts';
import { warmOnHover } from './market-views.ts';

/** Rows of a fixed height (trade.css), so only those in view are rendered. */
const ROW_HEIGHT = 30;
/** The list's box (trade.css .selector-list). */
const VIEWPORT = 360;

/**
 * The symbol selector (spec trading §2): a 550 px popover with favourites, spot and contract tabs, quote tabs, search
 * and sortable columns. Choosing a row goes to its /trade route without reloading the page.
 */
export function SymbolSelector(props: {
  symbol: string;
  thumbs: readonly SymbolThumb[];
  favourites: Favourites;
  isLogin: boolean;
}) {
  const { symbol, thumbs, favourites, isLogin } = props;
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <div className="symbol-selector">
      <Popover
        open={open}
        onOpenChange={setOpen}
        className="selector-popover"
        label={t('trade.selector.open')}
        sideOffset={8}
        trigger={
          <button type="button" className="selector-toggle" title={t('trade.selector.open')}>
            <h1 className="trade-symbol">{symbol}</h1>
            <ChevronDownIcon width={14} height={14} />
          </button>
        }
      >
        <SelectorBody
          symbol={symbol}
          thumbs={thumbs}
          favourites={favourites}
          isLogin={isLogin}
          onChosen={() => setOpen(false)}
        />
      </Popover>
    </div>
  );
}

interface BodyProps {
  symbol: string;
  thumbs: readonly SymbolThumb[];
  favourites: Favourites;
  isLogin: boolean;
  onChosen: () => void;
}

function SelectorBody(props: BodyProps) {
  const { favourites, isLogin } = props;
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<SelectorTab>('spot');
  const [quote, setQuote] = useState<SpotQuote>(DEFAULT_QUOTE);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const shown = useSelectorMarkets(props.thumbs, { tab, quote, query, favourites: favourites.symbols, sort });

  const favouriteLabel =
    isLogin && favourites.symbols.size > 0
      ? t('trade.selector.favouritesCount', { count: favourites.symbols.size })
      : t('trade.selector.favourites');

  let empty: ReactNode = null;
  if (tab === 'favourites' && !isLogin)
    empty = (
      <div className="selector-empty" data-testid="favourites-login">
        <p>{t('trade.selector.loginPrompt')}</p>
        <button type="button" className="btn-primary" onClick={() => navigate('/login')}>
          {t('trade.selector.login')}
        </button>
      </div>
    );
  else if (tab === 'contract') empty = <ContractChoices query={query} isLogin={isLogin} onChosen={props.onChosen} />;
  else if (shown.markets.length === 0)
    empty = (
      <p className="selector-empty">
        {tab === 'favourites' && query === '' ? t('trade.selector.noFavourites') : t('trade.selector.noMatch')}
      </p>
    );

  return (
    <>
      <SearchBox className="selector-search" value={query} label={t('trade.selector.search')} onChange={setQuery} />
      <div className="selector-tabs" role="tablist">
        {(['favourites', 'spot', 'contract'] as const).map((k) => (
          <button key={k} type="button" role="tab" data-tab={k} aria-selected={tab === k} onClick={() => setTab(k)}>
            {k === 'favourites' ? favouriteLabel : t(`trade.selector.${k}`)}
          </button>
        ))}
      </div>
      {tab === 'spot' && (
        <div className="selector-quotes" role="tablist">
          {SPOT_QUOTES.map((q) => (
            <button key={q} type="button" role="tab" aria-selected={quote === q} onClick={() => setQuote(q)}>
              {q}
            </button>
          ))}
        </div>
      )}
      {empty ?? <SelectorTable {...props} shown={shown} sort={sort} onSort={setSort} />}
    </>
  );
}

interface Shown {
  markets: QuoteMarket[];
  table: ReturnType<typeof useTickers>;
  rows: ReadonlyMap<string, number>;
}

/** The markets a tab shows, live: the REST list filtered, sorted by the worker's latest numbers. */
function useSelectorMarkets(
  thumbs: readonly SymbolThumb[],
  filter: { tab: SelectorTab; quote: SpotQuote; query: string; favourites: ReadonlySet<string>; sort: Sort | null },
): Shown {
  const { tab, quote, query, favourites, sort } = filter;
  const table = useTickers();
  const [index] = useState(() => new TickerIndex());
  const rows = index.of(table);
  const all = useMemo(() => marketsOf(thumbs), [thumbs]);
  const filtered = useMemo(
    () => selectorRows(all, { tab, quote, query, favourites, sort: null }) as QuoteMarket[],
    [all, tab, quote, query, favourites],
  );
  // A live column sorts on every batch, as the rows' numbers move.
  const markets = useMemo(
    () => (sort ? sortMarkets(filtered, sort, table, rows) : filtered),
    [filtered, sort, table, rows],
  );
  return { markets, table, rows };
}

function SelectorTable(props: BodyProps & { shown: Shown; sort: Sort | null; onSort: (sort: Sort | null) => void }) {
  const { symbol, favourites, onChosen, shown, sort, onSort } = props;
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const view = useVirtualRows(shown.markets.length, ROW_HEIGHT, VIEWPORT);
  const choose = useCallback(
    (next: string) => {
      onChosen();
      if (next !== symbol) navigate(`/trade/${next.replace('/', '-')}`);
    },
    [onChosen, symbol, navigate],
  );
  const labels = useMemo(
    () => ({ add: t('trade.selector.addFavourite'), remove: t('trade.selector.removeFavourite') }),
    [t],
  );
  const header = (key: SortKey, label: string) => (
    <th scope="col" aria-sort={sort?.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <SortButton
        sortKey={key}
        label={label}
        dir={sort?.key === key ? sort.dir : null}
        title={t('trade.selector.sortBy', { column: label })}
        onClick={() => onSort(nextSort(sort, key))}
      />
    </th>
  );
  return (
    <div className="selector-list" ref={view.scrollerRef}>
      <table>
        <colgroup>
          <col className="star-col" />
          <col />
          <col className="change-col" />
          <col className="price-col" />
        </colgroup>
        <thead>
          <tr>
            <th scope="col" className="star-col" />
            {header('pair', t('trade.selector.pair'))}
            {header('change', t('trade.selector.change'))}
            {header('price', t('trade.selector.price'))}
          </tr>
        </thead>
        <tbody ref={view.bodyRef}>
          {view.before > 0 && <GapRow height={view.before} />}
          {shown.markets.slice(view.start, view.end).map((m) => {
            const live = liveQuote(m, shown.table, shown.rows.get(m.symbol));
            return (
              <SelectorRowView
                key={m.symbol}
                market={m}
                price={live.price}
                chg={live.chg}
                current={m.symbol === symbol}
                starred={favourites.symbols.has(m.symbol)}
                onStar={favourites.toggle}
                onChoose={choose}
                labels={labels}
              />
            );
          })}
          {view.after > 0 && <GapRow height={view.after} />}
        </tbody>
      </table>
    </div>
  );
}

/** The height of the rows not rendered, so the scroll bar stays true. */
function GapRow({ height }: { height: number }) {
  return (
    <tr className="selector-gap">
      <td colSpan={4} aria-hidden="true" style={{ height, padding: 0 }} />
    </tr>
  );
}

/** One market: re-rendered only when its price, change, star or place changes, not on every ticker batch. */
const SelectorRowView = memo(function SelectorRowView(props: {
  market: QuoteMarket;
  price: number;
  chg: number;
  current: boolean;
  starred: boolean;
  onStar: (symbol: string) => void;
  onChoose: (symbol: string) => void;
  labels: { add: string; remove: string };
}) {
  const { market: m, starred, onChoose, labels } = props;
  return (
    <tr
      data-symbol={m.symbol}
      aria-current={props.current}
      onClick={() => onChoose(m.symbol)}
      {...warmOnHover(m.symbol)}
    >
      <td className="star-col">
        <button
          type="button"
          className={`star${starred ? ' on' : ''}`}
          aria-pressed={starred}
          aria-label={starred ? labels.remove : labels.add}
          title={starred ? labels.remove : labels.add}
          onClick={(e) => {
            e.stopPropagation();
            props.onStar(m.symbol);
          }}
        >
          {starred ? '★' : '☆'}
        </button>
      </td>
      <th scope="row">
        <button
          type="button"
          className="pair"
          onClick={(e) => {
            e.stopPropagation();
            onChoose(m.symbol);
          }}
        >
          <span className="base">{m.coin}</span>
          <span className="quote">/{m.unit}</span>
        </button>
      </th>
      <td className={props.chg < 0 ? 'down' : 'up'}>{formatChangePercent(props.chg)}</td>
      <td>{formatPriceText(props.price, m.priceScale)}</td>
    </tr>
  );
});
