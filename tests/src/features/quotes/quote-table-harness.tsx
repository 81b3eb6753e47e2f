// A browser page for e2e/home/quotes.spec.ts: the real QuoteTable over N synthetic markets (default 5000; the server
// lists a few dozen and cannot be given more), their tickers changing every 100 ms the way the worker posts them (a new
// table each time). Bundled with esbuild by the spec, with src/features/quotes/quotes.css beside it; `window.harness`
// reports what the page did.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import type { SymbolThumb } from '../../../../common/market.ts';
import {
  marketsOf,
  type QuoteSort,
  sortMarkets,
  TICKER_COLUMNS,
  TickerIndex,
  type TickerTable,
} from '../../../../src/features/quotes/quote-rows.ts';
import { QuoteTable } from '../../../../src/features/quotes/quote-table.tsx';
import { toggleFavourite } from '../../../../src/features/trade/market.ts';
import { i18n } from '../../../../src/i18n/i18n.ts';

const COUNT = Number(new URLSearchParams(location.search).get('rows') ?? '5000');
const TICK_MS = 100;

function thumbOf(i: number): SymbolThumb {
  const price = 1 + ((i * 7919) % 10_000) / 100;
  return {
    symbol: `M${i}/USDT`,
    coinSymbol: `M${i}`,
    baseSymbol: 'USDT',
    open: String(price),
    high: String(price * 1.05),
    low: String(price * 0.95),
    close: String(price),
    change: '0',
    chg: 0,
    volume: String(1000 + i),
    turnover: String((1000 + i) * price),
    usdRate: String(price),
    baseUsdRate: '1',
    priceScale: 4,
    amountScale: 2,
    logoUrl: 'data:image/svg+xml,%3Csvg xmlns="http://www.w3.org/2000/svg"/%3E',
    time: 0,
  };
}

const thumbs = Array.from({ length: COUNT }, (_, i) => thumbOf(i));
const markets = marketsOf(thumbs);
const symbols = thumbs.map((t) => t.symbol);

/** Every market's ticker at step `n`: a price that walks, in workers/ticker's column order. */
function tableAt(n: number): TickerTable {
  const values = new Float64Array(COUNT * TICKER_COLUMNS);
  for (let i = 0; i < COUNT; i++) {
    const open = Number(thumbs[i]?.open);
    const price = Math.round(open * (1 + 0.01 * Math.sin(n / 5 + i)) * 10_000) / 10_000;
    const o = i * TICKER_COLUMNS;
    values[o] = price;
    values[o + 1] = price - open;
    values[o + 2] = ((price - open) / open) * 100;
    values[o + 3] = open * 1.05;
    values[o + 4] = open * 0.95;
    values[o + 5] = 1000 + i + n;
    values[o + 6] = (1000 + i + n) * price;
    values[o + 7] = Date.now();
  }
  // The worker sends a new symbol list with each snapshot too.
  return { symbols: [...symbols], values };
}

interface HarnessStats {
  rows: number;
  ticks: number;
}
const stats: HarnessStats = { rows: COUNT, ticks: 0 };
(window as unknown as { harness: HarnessStats }).harness = stats;

function Harness() {
  const [table, setTable] = useState(() => tableAt(0));
  const step = useRef(0);
  useEffect(() => {
    const id = setInterval(() => {
      step.current += 1;
      stats.ticks = step.current;
      setTable(tableAt(step.current));
    }, TICK_MS);
    return () => clearInterval(id);
  }, []);
  const [index] = useState(() => new TickerIndex());
  const rows = index.of(table);
  const [sort, setSort] = useState<QuoteSort | null>(null);
  const latest = useRef({ table, rows });
  latest.current = { table, rows };
  // Sorted on a header click only (the page re-sorts each second; here the order must stay put to be checked).
  const ordered = useMemo(() => sortMarkets(markets, sort, latest.current.table, latest.current.rows), [sort]);
  const [favourites, setFavourites] = useState<ReadonlySet<string>>(new Set());
  const onStar = useCallback((symbol: string) => setFavourites((f) => toggleFavourite(f, symbol)), []);
  return (
    <div className="quotes-page">
      <QuoteTable
        markets={ordered}
        table={table}
        rows={rows}
        favourites={favourites}
        onStar={onStar}
        sort={sort}
        onSort={setSort}
        lang="en_US"
      />
    </div>
  );
}

void i18n.changeLanguage('en_US');
const host = document.getElementById('root');
if (host)
  createRoot(host).render(
    <I18nextProvider i18n={i18n}>
      <Harness />
    </I18nextProvider>,
  );
