import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'wouter';
import { SPOT_QUOTES, type SpotQuote, type SymbolThumb } from '../../../common/market.ts';
import { TICKER_COLUMN } from '../../../workers/api.ts';
import { useTickers } from '../../data/hooks.ts';
import { formatChangePercent, formatPrice } from '../../format/price.ts';
import { ChevronDownIcon, SearchIcon } from '../../ui/icons.tsx';
import type { Favourites } from './favourites.ts';
import {
  DEFAULT_QUOTE,
  nextSort,
  type SelectorRow,
  type SelectorTab,
  type Sort,
  type SortKey,
  selectorRows,
} from './market.ts';

/** Spot rows from the REST list with the worker's live price and change laid over them. */
function useLiveRows(thumbs: readonly SymbolThumb[]): SelectorRow[] {
  const tickers = useTickers();
  return useMemo(() => {
    const live = new Map<string, { price: number; chg: number }>();
    if (tickers) {
      const width = tickers.symbols.length ? tickers.values.length / tickers.symbols.length : 0;
      tickers.symbols.forEach((s, i) => {
        const price = tickers.values[i * width + TICKER_COLUMN.price] ?? Number.NaN;
        const rate = tickers.values[i * width + TICKER_COLUMN.changeRate] ?? Number.NaN;
        if (Number.isFinite(price)) live.set(s, { price, chg: Number.isFinite(rate) ? rate / 100 : 0 });
      });
    }
    return thumbs.map((m) => {
      const now = live.get(m.symbol);
      return {
        symbol: m.symbol,
        coin: m.coinSymbol,
        unit: m.baseSymbol,
        price: now?.price ?? Number(m.close),
        chg: now?.chg ?? m.chg,
        priceScale: m.priceScale,
      };
    });
  }, [thumbs, tickers]);
}

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
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    const onDown = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onDown);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onDown);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  return (
    <div className="symbol-selector" ref={root}>
      <button
        type="button"
        className="selector-toggle"
        aria-expanded={open}
        aria-haspopup="dialog"
        title={t('trade.selector.open')}
        onClick={() => setOpen((o) => !o)}
      >
        <h1 className="trade-symbol">{symbol}</h1>
        <ChevronDownIcon width={14} height={14} />
      </button>
      {open && (
        <SelectorPopover
          symbol={symbol}
          thumbs={thumbs}
          favourites={favourites}
          isLogin={isLogin}
          onChosen={() => setOpen(false)}
        />
      )}
    </div>
  );
}

function SelectorPopover(props: {
  symbol: string;
  thumbs: readonly SymbolThumb[];
  favourites: Favourites;
  isLogin: boolean;
  onChosen: () => void;
}) {
  const { symbol, thumbs, favourites, isLogin, onChosen } = props;
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [tab, setTab] = useState<SelectorTab>('spot');
  const [quote, setQuote] = useState<SpotQuote>(DEFAULT_QUOTE);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<Sort | null>(null);
  const rows = useLiveRows(thumbs);
  const shown = useMemo(
    () => selectorRows(rows, { tab, quote, query, favourites: favourites.symbols, sort }),
    [rows, tab, quote, query, favourites.symbols, sort],
  );

  const choose = (next: string) => {
    onChosen();
    if (next !== symbol) navigate(`/trade/${next.replace('/', '-')}`);
  };

  const header = (key: SortKey, label: string) => (
    <th scope="col" aria-sort={sort?.key === key ? (sort.dir === 'asc' ? 'ascending' : 'descending') : 'none'}>
      <button
        type="button"
        className="sort"
        data-sort={key}
        title={t('trade.selector.sortBy', { column: label })}
        onClick={() => setSort((s) => nextSort(s, key))}
      >
        {label}
        <span aria-hidden="true">{sort?.key === key ? (sort.dir === 'asc' ? ' ▲' : ' ▼') : ' ⇅'}</span>
      </button>
    </th>
  );

  const favouriteLabel =
    isLogin && favourites.symbols.size > 0
      ? t('trade.selector.favouritesCount', { count: favourites.symbols.size })
      : t('trade.selector.favourites');

  const listed = tab !== 'contract' && (tab !== 'favourites' || isLogin) && shown.length > 0;

  return (
    <div className="selector-popover" role="dialog" aria-label={t('trade.selector.open')} style={{ width: 550 }}>
      <label className="selector-search">
        <SearchIcon width={14} height={14} />
        <input
          type="search"
          value={query}
          placeholder={t('trade.selector.search')}
          aria-label={t('trade.selector.search')}
          onChange={(e) => setQuery(e.target.value)}
        />
      </label>
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
      {!listed ? (
        <SelectorEmpty tab={tab} isLogin={isLogin} query={query} onLogin={() => navigate('/login')} />
      ) : (
        <div className="selector-list">
          <table>
            <thead>
              <tr>
                <th scope="col" className="star-col" />
                {header('pair', t('trade.selector.pair'))}
                {header('change', t('trade.selector.change'))}
                {header('price', t('trade.selector.price'))}
              </tr>
            </thead>
            <tbody>
              {shown.map((r) => {
                const starred = favourites.symbols.has(r.symbol);
                return (
                  <tr
                    key={r.symbol}
                    data-symbol={r.symbol}
                    aria-current={r.symbol === symbol}
                    onClick={() => choose(r.symbol)}
                  >
                    <td className="star-col">
                      <button
                        type="button"
                        className={`star${starred ? ' on' : ''}`}
                        aria-pressed={starred}
                        aria-label={t(starred ? 'trade.selector.removeFavourite' : 'trade.selector.addFavourite')}
                        title={t(starred ? 'trade.selector.removeFavourite' : 'trade.selector.addFavourite')}
                        onClick={(e) => {
                          e.stopPropagation();
                          favourites.toggle(r.symbol);
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
                          choose(r.symbol);
                        }}
                      >
                        <span className="base">{r.coin}</span>
                        <span className="quote">/{r.unit}</span>
                      </button>
                    </th>
                    <td className={r.chg < 0 ? 'down' : 'up'}>{formatChangePercent(r.chg)}</td>
                    <td>{formatPrice(r.price, r.priceScale)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

/** What the popover shows instead of rows: a login prompt, the contract tab's note, or "nothing matches". */
function SelectorEmpty(props: { tab: SelectorTab; isLogin: boolean; query: string; onLogin: () => void }) {
  const { tab, isLogin, query, onLogin } = props;
  const { t } = useTranslation();
  if (tab === 'favourites' && !isLogin)
    return (
      <div className="selector-empty" data-testid="favourites-login">
        <p>{t('trade.selector.loginPrompt')}</p>
        <button type="button" className="btn-primary" onClick={onLogin}>
          {t('trade.selector.login')}
        </button>
      </div>
    );
  if (tab === 'contract') return <p className="selector-empty">{t('trade.selector.contractEmpty')}</p>;
  return (
    <p className="selector-empty">
      {tab === 'favourites' && query === '' ? t('trade.selector.noFavourites') : t('trade.selector.noMatch')}
    </p>
  );
}
