import { memo, useEffect, useMemo, useState } from 'react';
import { Link } from 'wouter';
import { HOME_PATHS } from '../../../common/api.ts';
import type { RankingPage } from '../../../common/contracts/home.ts';
import type { SymbolThumb } from '../../../common/market.ts';
import { get, isSuccess } from '../../api/request.ts';
import { useLivePrices } from '../../data/hooks.ts';
import { formatChangePercent } from '../../format/change.ts';
import { formatPriceText } from '../../format/price.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { SearchIcon } from '../../ui/icons.tsx';
import { useVirtualRows } from '../../ui/virtual-rows.ts';
import './spot-market-panel.css';
import {
  panelRows,
  QUOTE_TABS,
  type QuoteTab,
  RECOMMENDED_SIZE,
  recommendedRows,
  type SpotMarketRow,
} from './spot-market-model.ts';

/** The hot spot ranking's first eight: the recommended list (spec trading §2). */
export const loadRecommended = (signal?: AbortSignal) =>
  get<RankingPage>(
    HOME_PATHS.ranking,
    { type: 'HOT', pageNo: 1, pageSize: RECOMMENDED_SIZE, inverted: false },
    signal ? { silent: true, signal } : { silent: true },
  );

/** Spot markets (one request when the panel opens) and the recommended list; null while loading. */
function useSpotLists(): { markets: SymbolThumb[]; recommended: SpotMarketRow[] } | null {
  const [lists, setLists] = useState<{ markets: SymbolThumb[]; recommended: SpotMarketRow[] } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void Promise.all([
      get<SymbolThumb[]>('/market/symbol-thumb', {}, { silent: true, signal: controller.signal }),
      loadRecommended(controller.signal),
    ]).then(([spot, hot]) => {
      if (controller.signal.aborted) return;
      setLists({
        markets: isSuccess(spot.code) && spot.data ? spot.data : [],
        recommended: isSuccess(hot.code) && hot.data ? recommendedRows(hot.data.records) : [],
      });
    });
    return () => controller.abort();
  }, []);
  return lists;
}

/** spec shell §2 panel rows: 32 px in a 320 px box; only those in view render. */
const ROW_HEIGHT = 32;
const VIEWPORT = 320;

/**
 * The header trade menu's spot market panel (spec shell §2; trading §2): quote tabs USDT (default), USDC and BTC, a
 * search by the spec's rule, the recommended list while nothing is typed, rows with live price and change; a market
 * opens /trade/{base}-{quote}.
 */
export function SpotMarketPanel({ onChoose }: { onChoose: () => void }) {
  const { t } = useTranslation();
  const lists = useSpotLists();
  const [quote, setQuote] = useState<QuoteTab>('USDT');
  const [query, setQuery] = useState('');
  const rows = useMemo(() => (lists ? panelRows(lists.markets, quote, query) : null), [lists, quote, query]);
  const showRecommended = query.trim() === '' && (lists?.recommended.length ?? 0) > 0;
  return (
    <div className="spot-panel" data-testid="spot-market-panel">
      <div className="spot-panel-head">
        <Link href="/trade" className="spot-panel-title" onClick={onChoose}>
          {t('spotPanel.title')}
        </Link>
        <label className="search-input">
          <SearchIcon />
          <input
            type="text"
            value={query}
            placeholder={t('search.placeholder')}
            aria-label={t('search.placeholder')}
            onChange={(e) => setQuery(e.target.value)}
          />
        </label>
      </div>
      {showRecommended && lists ? <Recommended rows={lists.recommended} onChoose={onChoose} /> : null}
      <div className="search-tabs" role="tablist" aria-label={t('spotPanel.quotes')}>
        {QUOTE_TABS.map((q) => (
          <button key={q} type="button" role="tab" aria-selected={quote === q} onClick={() => setQuote(q)}>
            {q}
          </button>
        ))}
      </div>
      <MarketRows rows={rows} onChoose={onChoose} />
    </div>
  );
}

function Recommended({ rows, onChoose }: { rows: SpotMarketRow[]; onChoose: () => void }) {
  const { t } = useTranslation();
  const live = useLivePrices(rows.map((r) => r.symbol));
  return (
    <section className="spot-panel-recommended" aria-label={t('spotPanel.recommended')} data-testid="recommended">
      <h3 className="muted small">{t('spotPanel.recommended')}</h3>
      <ul>
        {rows.map((r) => (
          <li key={r.symbol}>
            <Link href={r.to} onClick={onChoose} data-symbol={r.symbol}>
              <span className="sym">{r.symbol}</span>
              <ChangeText chg={live.get(r.symbol)?.chg ?? r.chg} />
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function MarketRows({ rows, onChoose }: { rows: SpotMarketRow[] | null; onChoose: () => void }) {
  const { t } = useTranslation();
  const view = useVirtualRows(rows?.length ?? 0, ROW_HEIGHT, VIEWPORT);
  const shown = rows?.slice(view.start, view.end) ?? [];
  const live = useLivePrices(shown.map((r) => r.symbol));
  return (
    <div className="search-results spot-panel-rows" ref={view.scrollerRef} role="tabpanel">
      {!rows && <p className="muted small pad">{t('common.loading')}</p>}
      {rows && rows.length === 0 && <p className="muted small pad">{t('search.noResults')}</p>}
      <ul ref={view.bodyRef} style={{ paddingTop: view.before, paddingBottom: view.after }}>
        {shown.map((r) => (
          <MarketRow key={r.symbol} row={r} live={live.get(r.symbol)} onChoose={onChoose} />
        ))}
      </ul>
    </div>
  );
}

const MarketRow = memo(function MarketRow(props: {
  row: SpotMarketRow;
  live: { price: number; chg: number } | undefined;
  onChoose: () => void;
}) {
  const { row: r, live } = props;
  return (
    <li>
      <Link href={r.to} onClick={props.onChoose} data-symbol={r.symbol}>
        <span className="sym">{r.symbol}</span>
        <span className="num">{formatPriceText(live ? live.price : r.close, r.priceScale)}</span>
        <ChangeText chg={live ? live.chg : r.chg} />
      </Link>
    </li>
  );
});

function ChangeText({ chg }: { chg: number }) {
  return <span className={`num ${chg < 0 ? 'down' : 'up'}`}>{formatChangePercent(chg)}</span>;
}
