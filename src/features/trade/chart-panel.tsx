import { useEffect, useMemo, useRef, useState } from 'react';
import { DEFAULT_LANG, parseLang } from '../../../common/i18n.ts';
import type { CandleInterval } from '../../../common/protocol.ts';
import { CANDLE_COLUMNS, type HistoryStatus } from '../../../workers/api.ts';
import { showToast } from '../../api/toast.ts';
import { type ChartColors, paintDepth } from '../../canvas/charts.ts';
import { CanvasSurface, cssVar } from '../../canvas/surface.ts';
import { useInViewport, useViewData } from '../../data/hooks.ts';
import { HTML_LANG } from '../../i18n/languages.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { bookFirst } from './book-first.ts';
import type { CandleChart, ChartTheme, LegendLabels } from './chart/candle-chart.ts';
import { withAlpha } from './chart/candle-data.ts';
import {
  INDICATOR_NAMES,
  INDICATORS,
  INDICATORS_KEY,
  type IndicatorId,
  readIndicators,
  toggleIndicator,
  writeIndicators,
} from './chart/indicators.ts';
import { CANDLE_INTERVALS, INTERVAL_KEY } from './market.ts';
import { bookView, candlesView, readStored, storedInterval } from './market-views.ts';
import { isMobile } from './mobile-tabs.tsx';
import './chart-panel.css';
import { useLatchedState } from '../../ui/use-latched-state.ts';

type ChartTab = 'candles' | 'depth';

function colorsOf(element: Element): ChartColors {
  const up = cssVar(element, '--up', '#0ecb81');
  const down = cssVar(element, '--down', '#f6465d');
  return {
    up,
    down,
    text: cssVar(element, '--text', '#eaecef'),
    muted: cssVar(element, '--muted', '#848e9c'),
    grid: cssVar(element, '--line', '#2b3139'),
    upFill: withAlpha(up, 0.25),
    downFill: withAlpha(down, 0.25),
  };
}

/**
 * Calls `onChange` when the chart colours may have changed: the shell switches `<html data-theme>` per route, and the
 * up/down preference swaps --up/--down inline on `<html>` (with data-updown). Returns the stop function.
 */
function watchColors(onChange: () => void): () => void {
  const observer = new MutationObserver(onChange);
  observer.observe(document.documentElement, {
    attributes: true,
    attributeFilter: ['data-theme', 'data-updown', 'style'],
  });
  return () => observer.disconnect();
}

const fontFamilyOf = (element: Element) => getComputedStyle(element).fontFamily || 'sans-serif';
const fontOf = (element: Element) => `11px ${fontFamilyOf(element)}`;

function themeOf(element: Element): ChartTheme {
  const { up, down, text, muted, grid } = colorsOf(element);
  return { up, down, text, muted, grid, font: fontFamilyOf(element) };
}

function writeStored(key: string, value: string): void {
  try {
    localStorage.setItem(key, value);
  } catch {
    // Storage refused: the choice lasts for this page.
  }
}

/**
 * Candles (lightweight-charts; intervals M1 … 1month and indicator toggles, both remembered) and the depth chart
 * (canvas), one at a time. `afterBook`: on a terminal, the candle chart is made once its order book is live
 * (book-first.ts).
 */
export function ChartPanel(props: { symbol: string; priceScale: number; afterBook?: boolean }) {
  const { symbol, priceScale, afterBook = false } = props;
  const { t } = useTranslation();
  const [tab, setTab] = useState<ChartTab>('candles');
  const [interval, setIntervalState] = useState<CandleInterval>(storedInterval);
  const [indicators, setIndicators] = useState<IndicatorId[]>(() => readIndicators(readStored(INDICATORS_KEY)));
  const section = useRef<HTMLElement>(null);
  const visible = useInViewport(section);
  const choose = (next: CandleInterval) => {
    setIntervalState(next);
    writeStored(INTERVAL_KEY, next);
  };
  const toggle = (id: IndicatorId) => {
    const next = toggleIndicator(indicators, id);
    setIndicators(next);
    writeStored(INDICATORS_KEY, writeIndicators(next));
  };

  return (
    <section ref={section} className="trade-panel trade-chart" aria-label={t(`trade.chart.${tab}`)}>
      <header className="panel-head chart-head">
        <div className="chart-tabs" role="tablist">
          {(['candles', 'depth'] as const).map((k) => (
            <button key={k} type="button" role="tab" aria-selected={tab === k} onClick={() => setTab(k)}>
              {t(`trade.chart.${k}`)}
            </button>
          ))}
        </div>
        {tab === 'candles' && (
          <div className="chart-intervals">
            {CANDLE_INTERVALS.map((i) => (
              <button key={i} type="button" aria-pressed={interval === i} data-interval={i} onClick={() => choose(i)}>
                {t(`trade.chart.intervals.${i}`)}
              </button>
            ))}
          </div>
        )}
        {tab === 'candles' && (
          // biome-ignore lint/a11y/useSemanticElements: a toolbar of toggle buttons, not a form fieldset.
          <div className="chart-indicators" role="group" aria-label={t('trade.chart.indicators')}>
            {INDICATORS.map((id) => (
              <button
                key={id}
                type="button"
                aria-pressed={indicators.includes(id)}
                data-indicator={id}
                title={t(`trade.chart.indicatorNames.${id}`)}
                onClick={() => toggle(id)}
              >
                {INDICATOR_NAMES[id]}
              </button>
            ))}
          </div>
        )}
      </header>
      {tab === 'candles' ? (
        <CandleView
          afterBook={afterBook}
          symbol={symbol}
          interval={interval}
          priceScale={priceScale}
          indicators={indicators}
          visible={visible}
        />
      ) : (
        <DepthCanvas symbol={symbol} priceScale={priceScale} visible={visible} />
      )}
    </section>
  );
}

const historyOf = (snapshot: { health: { history?: { status: HistoryStatus } } } | null): HistoryStatus =>
  snapshot ? (snapshot.health.history?.status ?? 'loaded') : 'loading';

/**
 * The candle chart and lightweight-charts under it (most of this chunk's bytes), loaded when a chart is made: on a
 * terminal that is after the book, so a cold load neither downloads nor parses it before the book is live.
 */
const loadCandleChart = () => import('./chart/candle-chart.ts');

function CandleView(props: {
  afterBook: boolean;
  symbol: string;
  interval: CandleInterval;
  priceScale: number;
  indicators: IndicatorId[];
  visible: boolean;
}) {
  const { afterBook, symbol, interval, priceScale, indicators, visible } = props;
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const legend = useRef<HTMLDivElement>(null);
  const chart = useRef<CandleChart | null>(null);
  const [history, setHistory] = useLatchedState<HistoryStatus>('loading');
  const locale = HTML_LANG[parseLang(i18n.language) ?? DEFAULT_LANG];
  const labels = useMemo<LegendLabels>(
    () => ({
      open: t('trade.chart.open'),
      high: t('trade.chart.high'),
      low: t('trade.chart.low'),
      close: t('trade.chart.close'),
      volume: t('trade.chart.volume'),
    }),
    [t],
  );
  // The chart is made once per market and interval; these reach it through effects below, read at creation here.
  const current = useRef({ priceScale, indicators, labels, locale });
  current.current = { priceScale, indicators, labels, locale };

  const candles = useViewData(candlesView(symbol, interval), visible, (snapshot) => {
    setHistory(historyOf(snapshot));
    if (host.current) host.current.dataset.count = String(snapshot.candles.length / CANDLE_COLUMNS);
    chart.current?.setCandles(snapshot.candles);
  });

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new interval is a new chart (a new market is not).
  useEffect(() => {
    const el = host.current;
    const legendEl = legend.current;
    if (!el || !legendEl) return;
    let made: CandleChart | null = null;
    let disposed = false;
    let unwatch = () => {};
    const make = async () => {
      const { CandleChart } = await loadCandleChart();
      if (disposed) return;
      // The snapshot held by now is drawn at once.
      const held = candles.current;
      setHistory(historyOf(held));
      el.dataset.count = String(held ? held.candles.length / CANDLE_COLUMNS : 0);
      const next = new CandleChart(el, legendEl, { interval, theme: themeOf(el), ...current.current });
      if (held) next.setCandles(held.candles);
      made = next;
      chart.current = next;
      unwatch = watchColors(() => next.setTheme(themeOf(el)));
    };
    // On a terminal the book is drawn first (book-first.ts); on a phone the chart is the tab shown first, alone.
    const start = () => void make().catch(() => showToast('error', t('request.networkError')));
    let cancel = () => {};
    if (afterBook && !isMobile()) cancel = bookFirst.after(start);
    else start();
    return () => {
      disposed = true;
      cancel();
      unwatch();
      made?.dispose();
      chart.current = null;
    };
  }, [interval]);

  // A new market on the chart there is: its candles, when the worker has them already (warmed on hover), else none.
  const shownSymbol = useRef(symbol);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the symbol is what changed; the snapshot is read from its ref.
  useEffect(() => {
    const made = chart.current;
    if (!made || shownSymbol.current === symbol) return;
    shownSymbol.current = symbol;
    const held = candles.current;
    setHistory(historyOf(held));
    if (host.current) host.current.dataset.count = String(held ? held.candles.length / CANDLE_COLUMNS : 0);
    made.clear();
    if (held) made.setCandles(held.candles);
  }, [symbol]);

  useEffect(() => chart.current?.setIndicators(indicators), [indicators]);
  useEffect(() => chart.current?.setPriceScale(priceScale), [priceScale]);
  useEffect(() => chart.current?.setLabels(labels, locale), [labels, locale]);

  return (
    <div className="chart-body" data-interval={interval} data-history={history}>
      <div ref={host} className="chart-candles" />
      <div ref={legend} className="chart-legend" />
      {history !== 'loaded' && (
        <p className="panel-empty">{t(`trade.chart.${history === 'retrying' ? 'retrying' : 'loading'}`)}</p>
      )}
    </div>
  );
}

function DepthCanvas(props: { symbol: string; priceScale: number; visible: boolean }) {
  const { symbol, priceScale, visible } = props;
  const canvas = useRef<HTMLCanvasElement>(null);
  const surface = useRef<CanvasSurface | null>(null);
  const scale = useRef(priceScale);
  scale.current = priceScale;
  const book = useViewData(bookView(symbol), visible, () => surface.current?.invalidate());
  // biome-ignore lint/correctness/useExhaustiveDependencies: one surface for the panel's life; it draws the latest refs.
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    let colors = colorsOf(el);
    let font = fontOf(el);
    const made = new CanvasSurface(
      el,
      (ctx, size, full) => {
        if (full) {
          colors = colorsOf(el);
          font = fontOf(el);
        }
        paintDepth(ctx, size, book.current?.bids, book.current?.asks, scale.current, colors, font);
      },
      { budgeted: true },
    );
    surface.current = made;
    const unwatch = watchColors(() => made.invalidate(true));
    return () => {
      unwatch();
      made.dispose();
      surface.current = null;
    };
  }, []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new market is painted whole.
  useEffect(() => surface.current?.invalidate(true), [symbol]);
  return (
    <div className="chart-body">
      <canvas ref={canvas} className="depth" />
    </div>
  );
}
