import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { SPOT_QUOTES, type SpotQuote } from '../../../common/market.ts';
import { useShell } from '../../app/shell-state.tsx';
import { useTickers } from '../../data/hooks.ts';
import { formatChangePercent } from '../../format/change.ts';
import { formatMoney } from '../../format/money.ts';
import { formatPriceText } from '../../format/price.ts';
import { useTranslation } from '../../i18n/use-translation.ts';

import { SearchBox } from '../../ui/search-box.tsx';
import { ContractQuotes } from '../contract/market/contract-quotes.tsx';
import { NotFound } from '../shell/not-found.tsx';
import { useFavourites } from '../trade/favourites.ts';
import { DEFAULT_QUOTE } from '../trade/market.ts';
import {
  filterMarkets,
  isQuoteTab,
  liveQuote,
  QUOTE_TABS,
  type QuoteMarket,
  type QuoteSort,
  type QuoteTab,
  quotePath,
  RANKINGS,
  type Ranking,
  rankMarkets,
  sortMarkets,
  TickerIndex,
  type TickerTable,
} from './quote-rows.ts';
import { QuoteTable } from './quote-table.tsx';
import { useQuoteMarkets } from './use-quote-markets.ts';
import './quotes.css';

/** How often a list sorted by a live column, and the rankings, are put in order again: rows must not jump per tick. */
export const REORDER_MS = 1000;

/** A counter that steps every {@link REORDER_MS} while `on`. */
function useReorderTick(on: boolean): number {
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (!on) return;
    const id = setInterval(() => setTick((n) => n + 1), REORDER_MS);
    return () => clearInterval(id);
  }, [on]);
  return tick;
}

/**
 * /quotes/list/{optional,spot,contract,rank} (spec shell §2): favourites, the spot markets per quote currency (USDT
 * default, USDC, BTC), contracts, and the live rankings; searchable, sortable, virtualised, live from the worker.
 */
export function QuotesListPage() {
  const { t } = useTranslation();
  const [pathname, navigate] = useLocation();
  const { isLogin, lang } = useShell();
  const tab = pathname.split('/').filter(Boolean)[2];
  const [quote, setQuote] = useState<SpotQuote>(DEFAULT_QUOTE);
  const [query, setQuery] = useState('');
  const [sort, setSort] = useState<QuoteSort | null>(null);
  const { state, reload, markets } = useQuoteMarkets();
  // One tickers view of every market, read by index: the rows read their numbers from it.
  const table: TickerTable | null = useTickers();
  const [index] = useState(() => new TickerIndex());
  const rows = index.of(table);
  const favourites = useFavourites(isLogin);

  const filtered = useMemo(
    () => (isQuoteTab(tab) ? filterMarkets(markets, { tab, quote, query, favourites: favourites.symbols }) : []),
    [markets, tab, quote, query, favourites.symbols],
  );
  const tick = useReorderTick((sort !== null && sort.key !== 'pair') || tab === 'rank');
  const latest = useRef({ table, rows });
  latest.current = { table, rows };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` re-sorts on the latest ticker.
  const ordered = useMemo(
    () => sortMarkets(filtered, sort, latest.current.table, latest.current.rows),
    [filtered, sort, tick],
  );

  if (!isQuoteTab(tab)) return <NotFound />;

  let body: React.ReactNode;
  if (tab === 'optional' && !isLogin) {
    body = (
      <div className="quotes-empty" data-testid="favourites-login">
        <p>{t('quotes.loginPrompt')}</p>
        <button
          type="button"
          className="btn-primary"
          onClick={() => navigate(`/login?fromUrl=${encodeURIComponent('/quotes/list/optional')}`)}
        >
          {t('quotes.login')}
        </button>
      </div>
    );
  } else if (tab === 'contract') {
    body = <ContractQuotes />;
  } else if (state.status === 'loading') {
    body = <p className="quotes-empty">{t('common.loading')}</p>;
  } else if (state.status === 'error') {
    body = (
      <p className="quotes-empty error" role="alert">
        {state.message}{' '}
        <button type="button" onClick={reload}>
          {t('common.retry')}
        </button>
      </p>
    );
  } else if (tab === 'rank') {
    body = <RankBoards markets={markets} table={table} rows={rows} tick={tick} />;
  } else if (ordered.length === 0) {
    body = (
      <p className="quotes-empty">
        {tab === 'optional' && query === '' ? t('quotes.noFavourites') : t('quotes.noMatch')}
      </p>
    );
  } else {
    body = (
      <QuoteTable
        markets={ordered}
        table={table}
        rows={rows}
        favourites={favourites.symbols}
        onStar={favourites.toggle}
        sort={sort}
        onSort={setSort}
        lang={lang}
      />
    );
  }

  const listed = tab === 'spot' || (tab === 'optional' && isLogin);
  return (
    <div className="quotes-page" data-tab={tab}>
      <QuotesTabs tab={tab} favourites={isLogin ? favourites.symbols.size : 0} />
      {listed && (
        <QuotesTools
          tab={tab}
          quote={quote}
          onQuote={setQuote}
          count={ordered.length}
          query={query}
          onQuery={setQuery}
        />
      )}
      {body}
    </div>
  );
}

/** The title and the four tabs, favourites counted once there are some. */
function QuotesTabs({ tab, favourites }: { tab: QuoteTab; favourites: number }) {
  const { t } = useTranslation();
  return (
    <div className="quotes-top">
      <h1>{t('quotes.title')}</h1>
      <div className="quotes-tabs" role="tablist">
        {QUOTE_TABS.map((k) => (
          <Link
            key={k}
            href={`/quotes/list/${k}`}
            role="tab"
            data-tab={k}
            aria-selected={tab === k}
            className={tab === k ? 'active' : undefined}
          >
            {k === 'optional' && favourites > 0
              ? `${t('quotes.tabs.optional')} (${favourites})`
              : t(`quotes.tabs.${k}`)}
          </Link>
        ))}
      </div>
    </div>
  );
}

/** The quote currencies (spot), the count shown and the search. */
function QuotesTools(props: {
  tab: QuoteTab;
  quote: SpotQuote;
  onQuote: (quote: SpotQuote) => void;
  count: number;
  query: string;
  onQuery: (query: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <div className="quotes-tools">
      {props.tab === 'spot' ? (
        <div className="quotes-quotes" role="tablist" aria-label={t('quotes.quoteTabs')}>
          {SPOT_QUOTES.map((q) => (
            <button
              key={q}
              type="button"
              role="tab"
              data-quote={q}
              aria-selected={props.quote === q}
              onClick={() => props.onQuote(q)}
            >
              {q}
            </button>
          ))}
        </div>
      ) : (
        <span />
      )}
      <span className="quotes-count">{t('quotes.count', { count: props.count })}</span>
      <SearchBox className="quotes-search" value={props.query} label={t('quotes.search')} onChange={props.onQuery} />
    </div>
  );
}

/** Gainers, losers and turnover (in USD) over every spot market, re-ranked each second, prices live. */
function RankBoards(props: {
  markets: readonly QuoteMarket[];
  table: TickerTable | null;
  rows: ReadonlyMap<string, number>;
  tick: number;
}) {
  const { markets, table, rows, tick } = props;
  const { t } = useTranslation();
  const { lang } = useShell();
  const latest = useRef({ table, rows });
  latest.current = { table, rows };
  // biome-ignore lint/correctness/useExhaustiveDependencies: `tick` re-ranks on the latest ticker.
  const boards = useMemo(
    () =>
      RANKINGS.map((ranking) => ({
        ranking,
        list: rankMarkets(markets, ranking, latest.current.table, latest.current.rows),
      })),
    [markets, tick],
  );
  return (
    <div className="rank-boards">
      {boards.map(({ ranking, list }) => (
        <section key={ranking} className="rank-board" data-ranking={ranking}>
          <h2>{t(`quotes.rank.${ranking}`)}</h2>
          {list.length === 0 ? (
            <p className="quotes-empty">{ranking === 'losers' ? t('quotes.rank.none') : t('common.empty')}</p>
          ) : (
            <table>
              <thead>
                <tr>
                  <th scope="col">#</th>
                  <th scope="col">{t('quotes.columns.pair')}</th>
                  <th scope="col">{t('quotes.columns.price')}</th>
                  <th scope="col">
                    {ranking === 'turnover' ? t('quotes.rank.turnoverUsd') : t('quotes.columns.change')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {list.map((m, i) => (
                  <RankRow
                    key={m.symbol}
                    place={i + 1}
                    market={m}
                    ranking={ranking}
                    table={table}
                    rows={rows}
                    lang={lang}
                  />
                ))}
              </tbody>
            </table>
          )}
        </section>
      ))}
    </div>
  );
}

function RankRow(props: {
  place: number;
  market: QuoteMarket;
  ranking: Ranking;
  table: TickerTable | null;
  rows: ReadonlyMap<string, number>;
  lang: ReturnType<typeof useShell>['lang'];
}) {
  const { place, market: m, ranking, table, rows, lang } = props;
  const q = liveQuote(m, table, rows.get(m.symbol));
  const trend = q.chg < 0 ? 'down' : 'up';
  return (
    <tr data-symbol={m.symbol}>
      <td className="place">{place}</td>
      <th scope="row">
        <Link href={quotePath(m.symbol)} className="pair">
          <img src={m.logoUrl} alt="" width={18} height={18} />
          <span className="base">{m.coin}</span>
          <span className="quote">/{m.unit}</span>
        </Link>
      </th>
      <td className={`num ${trend}`}>{formatPriceText(q.price, m.priceScale)}</td>
      {ranking === 'turnover' ? (
        <td className="num">${formatMoney(q.turnover * m.quoteUsd, lang)}</td>
      ) : (
        <td className={`num ${trend}`}>{formatChangePercent(q.chg)}</td>
      )}
    </tr>
  );
}
