import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CandleInterval } from '../../../common/protocol.ts';
import type { HistoryStatus } from '../../../workers/api.ts';
import { type ChartColors, paintCandles, paintDepth } from '../../canvas/charts.ts';
import { CanvasSurface, cssVar } from '../../canvas/surface.ts';
import { useInViewport, useViewData } from '../../data/hooks.ts';
import { CANDLE_INTERVALS, INTERVAL_KEY, readInterval } from './market.ts';

type ChartTab = 'candles' | 'depth';

function colorsOf(element: Element): ChartColors {
  return {
    up: cssVar(element, '--up', '#0ecb81'),
    down: cssVar(element, '--down', '#f6465d'),
    text: cssVar(element, '--text', '#eaecef'),
    muted: cssVar(element, '--muted', '#848e9c'),
    grid: cssVar(element, '--line', '#2b3139'),
    upFill: 'rgba(14, 203, 129, 0.25)',
    downFill: 'rgba(246, 70, 93, 0.25)',
  };
}

const fontOf = (element: Element) => `11px ${getComputedStyle(element).fontFamily || 'sans-serif'}`;

function storedInterval(): CandleInterval {
  try {
    return readInterval(localStorage.getItem(INTERVAL_KEY));
  } catch {
    return readInterval(null);
  }
}

/** Candles (intervals M1 … 1month, the choice remembered) and the depth chart, one at a time, on canvas. */
export function ChartPanel(props: { symbol: string; priceScale: number }) {
  const { symbol, priceScale } = props;
  const { t } = useTranslation();
  const [tab, setTab] = useState<ChartTab>('candles');
  const [interval, setIntervalState] = useState<CandleInterval>(storedInterval);
  const section = useRef<HTMLElement>(null);
  const visible = useInViewport(section);
  const choose = (next: CandleInterval) => {
    setIntervalState(next);
    try {
      localStorage.setItem(INTERVAL_KEY, next);
    } catch {
      // Storage refused (private mode): the choice lasts for this page.
    }
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
      </header>
      {tab === 'candles' ? (
        <CandleCanvas symbol={symbol} interval={interval} priceScale={priceScale} visible={visible} />
      ) : (
        <DepthCanvas symbol={symbol} priceScale={priceScale} visible={visible} />
      )}
    </section>
  );
}

function CandleCanvas(props: { symbol: string; interval: CandleInterval; priceScale: number; visible: boolean }) {
  const { symbol, interval, priceScale, visible } = props;
  const { t } = useTranslation();
  const canvas = useRef<HTMLCanvasElement>(null);
  const surface = useRef<CanvasSurface | null>(null);
  const [history, setHistory] = useState<HistoryStatus>('loading');
  const scale = useRef(priceScale);
  scale.current = priceScale;
  const candles = useViewData({ kind: 'candles', symbol, interval }, visible, (snapshot) => {
    setHistory(snapshot.health.history?.status ?? 'loaded');
    if (canvas.current) canvas.current.dataset.count = String(snapshot.candles.length / 6);
    surface.current?.invalidate();
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new market or interval is a new chart.
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    setHistory('loading');
    let colors = colorsOf(el);
    let font = fontOf(el);
    const made = new CanvasSurface(el, (ctx, size, full) => {
      if (full) {
        colors = colorsOf(el);
        font = fontOf(el);
      }
      paintCandles(ctx, size, candles.current?.candles, scale.current, colors, font);
    });
    surface.current = made;
    return () => {
      made.dispose();
      surface.current = null;
    };
  }, [symbol, interval]);
  return (
    <div className="chart-body" data-interval={interval} data-history={history}>
      <canvas ref={canvas} className="candles" />
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
  const book = useViewData({ kind: 'book', symbol, depth: 50, groupTicks: 0 }, visible, () =>
    surface.current?.invalidate(),
  );
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new market is a new chart.
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    let colors = colorsOf(el);
    let font = fontOf(el);
    const made = new CanvasSurface(el, (ctx, size, full) => {
      if (full) {
        colors = colorsOf(el);
        font = fontOf(el);
      }
      paintDepth(ctx, size, book.current?.bids, book.current?.asks, scale.current, colors, font);
    });
    surface.current = made;
    return () => {
      made.dispose();
      surface.current = null;
    };
  }, [symbol]);
  return (
    <div className="chart-body">
      <canvas ref={canvas} className="depth" />
    </div>
  );
}
