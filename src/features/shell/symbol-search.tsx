import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import type { ContractThumb } from '../../../common/contracts/swap.ts';
import type { SymbolThumb } from '../../../common/market.ts';
import { get, isSuccess } from '../../api/request.ts';
import { isBuiltPath } from '../../app/routes.ts';
import { searchSymbols } from '../../app/symbol-search.ts';
import { formatChangePercent } from '../../format/change.ts';
import { formatPriceText } from '../../format/price.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { CloseIcon, SearchIcon } from '../../ui/icons.tsx';
import { Popover, PopoverClose } from '../../ui/popover.tsx';
import { useVirtualRows } from '../../ui/virtual-rows.ts';
import { contractPath } from '../contract/contract-location.ts';
import { recommendedRows, type SpotMarketRow } from './spot-market-model.ts';
import { loadRecommended } from './spot-market-panel.tsx';

type Tab = 'all' | 'spot' | 'contract' | 'hot';

/**
 * The tabs the search offers: the contract tab (and its request) only once the contract terminal exists, so no row
 * leads to a page that is not built (issue 19 item 13); and Hot, the header variant's recommended top 8 (spec trading
 * §2 "Hot (header variant only)", "The top 8 spot markets form the recommended list"; issue 19 item 12).
 */
export function searchTabs(contractsBuilt = isBuiltPath('/trade/contract')): readonly Tab[] {
  return contractsBuilt ? ['all', 'spot', 'contract', 'hot'] : ['all', 'spot', 'hot'];
}
interface Row {
  symbol: string;
  kind: 'spot' | 'contract';
  price: string;
  chg: number | null;
  to: string;
}

/** The spot rows of the search popup, prices as text (exported for its tests). */
export function spotRows(thumbs: readonly SymbolThumb[]): Row[] {
  return thumbs.map((m) => ({
    symbol: m.symbol,
    kind: 'spot',
    price: formatPriceText(m.close, m.priceScale),
    chg: m.chg,
    to: `/trade/${m.coinSymbol}-${m.baseSymbol}`,
  }));
}

/** The Hot tab's rows: the recommended spot markets (exported for its tests). */
export function hotRows(recommended: readonly SpotMarketRow[]): Row[] {
  return recommended.map((r) => ({
    symbol: r.symbol,
    kind: 'spot' as const,
    price: formatPriceText(r.close, r.priceScale),
    chg: r.chg,
    to: r.to,
  }));
}

/** The contract rows (GET /swap/symbol-thumb), each leading to its contract terminal (exported for its tests). */
export function contractRows(thumbs: readonly ContractThumb[]): Row[] {
  return thumbs.map((c) => ({
    symbol: c.symbol,
    kind: 'contract' as const,
    price: formatPriceText(c.last, c.quoteDecimal),
    chg: c.chg,
    to: `${contractPath(c.symbol)}&tradeType=contract`,
  }));
}

/** spec shell §2 search popup: rows of 34 px in a 360 px box. */
const ROW_HEIGHT = 34;
const VIEWPORT = 360;

type SearchPools = { spot: Row[]; contract: Row[]; hot: Row[] };

/** The popup's rows, loaded once when it first opens: spot, contract (when built) and the recommended Hot list. */
function useSearchRows(open: boolean): SearchPools | null {
  const [rows, setRows] = useState<SearchPools | null>(null);
  useEffect(() => {
    if (!open || rows) return;
    void Promise.all([
      get<SymbolThumb[]>('/market/symbol-thumb', {}, { silent: true }),
      searchTabs().includes('contract')
        ? get<ContractThumb[]>('/swap/symbol-thumb', {}, { silent: true })
        : Promise.resolve({ code: -1, data: null }),
      loadRecommended(),
    ]).then(([spot, contract, hot]) =>
      setRows({
        spot: isSuccess(spot.code) && spot.data ? spotRows(spot.data) : [],
        contract: isSuccess(contract.code) && contract.data ? contractRows(contract.data) : [],
        hot: isSuccess(hot.code) && hot.data ? hotRows(recommendedRows(hot.data.records)) : [],
      }),
    );
  }, [open, rows]);
  return rows;
}

/** The header's symbol search popup (spec shell §2, §5): tabs all, spot, contract and Hot; only the rows in view render. */
export function SymbolSearch() {
  const { t } = useTranslation();
  const [, navigate] = useLocation();
  const [open, setOpen] = useState(false);
  const [tab, setTab] = useState<Tab>('all');
  const [query, setQuery] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const rows = useSearchRows(open);

  const shown = useMemo(() => {
    if (!rows) return [];
    const pool = tab === 'all' ? [...rows.spot, ...rows.contract] : rows[tab];
    return searchSymbols(pool, query);
  }, [rows, tab, query]);
  const choose = useCallback(
    (to: string) => {
      setOpen(false);
      navigate(to);
    },
    [navigate],
  );

  return (
    <div className="symbol-search">
      <Popover
        open={open}
        onOpenChange={setOpen}
        className="search-popup"
        label={t('search.open')}
        align="end"
        initialFocus={input}
        trigger={
          <button type="button" className="icon-btn" aria-label={t('search.open')}>
            <SearchIcon />
          </button>
        }
      >
        <div className="search-input">
          <SearchIcon />
          <input
            ref={input}
            type="text"
            value={query}
            placeholder={t('search.placeholder')}
            aria-label={t('search.placeholder')}
            onChange={(e) => setQuery(e.target.value)}
          />
          <PopoverClose className="icon-btn" aria-label={t('common.close')}>
            <CloseIcon />
          </PopoverClose>
        </div>
        <div className="search-tabs" role="tablist">
          {searchTabs().map((k) => (
            <button key={k} type="button" role="tab" aria-selected={tab === k} onClick={() => setTab(k)}>
              {t(`search.${k}`)}
            </button>
          ))}
        </div>
        <SearchResults rows={rows === null ? null : shown} onChoose={choose} />
      </Popover>
    </div>
  );
}

function SearchResults({ rows, onChoose }: { rows: readonly Row[] | null; onChoose: (to: string) => void }) {
  const { t } = useTranslation();
  const view = useVirtualRows(rows?.length ?? 0, ROW_HEIGHT, VIEWPORT);
  const perpetual = t('search.perpetual');
  return (
    <div className="search-results" ref={view.scrollerRef}>
      {!rows && <p className="muted small pad">{t('common.loading')}</p>}
      {rows && rows.length === 0 && <p className="muted small pad">{t('search.noResults')}</p>}
      <ul ref={view.bodyRef} style={{ paddingTop: view.before, paddingBottom: view.after }}>
        {rows?.slice(view.start, view.end).map((r) => (
          <SearchRow key={`${r.kind}:${r.symbol}`} row={r} onChoose={onChoose} perpetual={perpetual} />
        ))}
      </ul>
    </div>
  );
}

const SearchRow = memo(function SearchRow(props: { row: Row; onChoose: (to: string) => void; perpetual: string }) {
  const { row: r, onChoose } = props;
  return (
    <li>
      <button type="button" data-symbol={r.symbol} onClick={() => onChoose(r.to)}>
        <span className="sym">
          {r.symbol}
          {r.kind === 'contract' && <span className="tag">{props.perpetual}</span>}
        </span>
        <span className="num">{r.price}</span>
        <span className={`num ${r.chg !== null && r.chg < 0 ? 'down' : 'up'}`}>
          {r.chg === null ? '--' : formatChangePercent(r.chg)}
        </span>
      </button>
    </li>
  );
});
