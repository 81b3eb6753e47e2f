// The candle chart on lightweight-charts: candles, volume below them on an overlay scale, toggled indicator lines and an
// OHLC legend. Imperative, outside React: snapshots arrive many times a second and must not re-render the panel.
import {
  CandlestickSeries,
  ColorType,
  CrosshairMode,
  createChart,
  HistogramSeries,
  type IChartApi,
  type ISeriesApi,
  LineSeries,
  type MouseEventParams,
  type Time,
  type UTCTimestamp,
} from 'lightweight-charts';
import { scaleOr } from '../../../../common/format/value.ts';
import type { CandleInterval } from '../../../../common/protocol.ts';
import { CANDLE_COLUMNS } from '../../../../workers/api.ts';
import { cancelHeavyPaint, scheduleHeavyPaint } from '../../../canvas/surface.ts';
import { formatChangeRate } from '../../../format/change.ts';
import { abbreviate } from '../../../format/money.ts';
import { DEFAULT_PRICE_SCALE, formatPrice, formatPriceText } from '../../../format/price.ts';
import {
  candleChange,
  candleCount,
  candleIndexAt,
  formatCandleTime,
  formatTick,
  isIntraday,
  withAlpha,
} from './candle-data.ts';
import { type IndicatorId, type IndicatorLine, indicatorLines } from './indicators.ts';
import { CHART_UPDATE_MS, chartUpdateMs, Pacer } from './pacer.ts';

export interface ChartTheme {
  up: string;
  down: string;
  text: string;
  muted: string;
  grid: string;
  font: string;
}

/** Translated legend labels. */
export interface LegendLabels {
  open: string;
  high: string;
  low: string;
  close: string;
  volume: string;
}

export interface CandleChartOptions {
  interval: CandleInterval;
  priceScale: number;
  theme: ChartTheme;
  indicators: readonly IndicatorId[];
  labels: LegendLabels;
  locale: string;
}

const VOLUME_ALPHA = 0.35;
/** Weight of the latest repaint in the smoothed cost: one slow frame (a GC) moves the pace a little. */
const PAINT_SMOOTHING = 0.25;
const toTime = (openTime: number) => (openTime / 1000) as UTCTimestamp;
/** Decimals for the library's tick step: formatPrice's fallback for a broken scale, at most what a double holds. */
const decimalsOf = (scale: number) => Math.min(15, scaleOr(scale, DEFAULT_PRICE_SCALE));

/** A legend entry: label ('' for none), value, and the value's colour. */
type LegendItem = [label: string, value: string, color?: string];

export class CandleChart {
  private readonly chart: IChartApi;
  private readonly candles: ISeriesApi<'Candlestick'>;
  private readonly volume: ISeriesApi<'Histogram'>;
  private readonly lineSeries = new Map<string, ISeriesApi<'Line'>>();
  /** What the series hold: the last snapshot drawn. */
  private shown: Float64Array | null = null;
  private lines: IndicatorLine[] = [];
  /** Open time (ms) of the candle under the crosshair; null shows the last candle. */
  private hovered: number | null = null;
  private options: CandleChartOptions;
  /** The legend's labels and colours as shown, and its value nodes in order (see drawLegend). */
  private legendShape = '';
  private readonly pacer = new Pacer(CHART_UPDATE_MS);
  private legendValues: HTMLElement[] = [];
  /** Set by {@link clear}: the next history is a new market's, shown from its latest candle. */
  private toLatest = false;
  /** What a live update's repaint costs on this machine (ms, smoothed); null before the first. */
  private paintMs: number | null = null;

  constructor(
    container: HTMLElement,
    private readonly legend: HTMLElement,
    options: CandleChartOptions,
  ) {
    this.options = options;
    const { interval, locale } = options;
    this.chart = createChart(container, {
      autoSize: true,
      crosshair: { mode: CrosshairMode.Normal },
      localization: {
        locale,
        // Axis and crosshair labels are painted on canvas each frame: plain digits; the DOM legend below groups.
        priceFormatter: (price: number) => formatPrice(price, this.options.priceScale),
        timeFormatter: (time: Time) => formatCandleTime((time as number) * 1000, this.options.interval),
      },
      timeScale: {
        timeVisible: isIntraday(interval),
        secondsVisible: false,
        rightOffset: 4,
        tickMarkFormatter: (time: Time, type: number, tickLocale: string) =>
          formatTick((time as number) * 1000, type, this.options.interval, tickLocale),
      },
    });
    this.candles = this.chart.addSeries(CandlestickSeries, { borderVisible: false });
    // Volume on its own overlay scale, squeezed into the bottom fifth; candles keep clear of it.
    this.volume = this.chart.addSeries(HistogramSeries, {
      priceScaleId: '',
      priceFormat: { type: 'volume' },
      lastValueVisible: false,
      priceLineVisible: false,
    });
    this.volume.priceScale().applyOptions({ scaleMargins: { top: 0.8, bottom: 0 } });
    this.candles.priceScale().applyOptions({ scaleMargins: { top: 0.1, bottom: 0.25 } });
    this.applyTheme();
    this.applyPriceScale();
    this.chart.subscribeCrosshairMove(this.onCrosshair);
    this.setIndicators(options.indicators);
  }

  /**
   * Draws a snapshot in the next animation frame: a new history (`setData`) always, a live change of the last candles
   * (`series.update`) at most every {@link CHART_UPDATE_MS} or slower where repaints cost more, the latest winning.
   */
  setCandles(next: Float64Array): void {
    const change = candleChange(this.shown, next);
    if (change.kind === 'none') return;
    // Applied in the canvas frame loop: the library's repaint then gets the next frame to itself (scheduleHeavyPaint).
    if (change.kind === 'tail') {
      this.pacer.run(() => scheduleHeavyPaint(this, () => this.applyCandles(next), this.onPainted));
      return;
    }
    this.pacer.cancel(true);
    scheduleHeavyPaint(this, () => this.applyCandles(next));
  }

  /** A live update's repaint took `ms`: the pace follows what repaints cost here (chartUpdateMs). */
  private readonly onPainted = (ms: number) => {
    this.paintMs = this.paintMs === null ? ms : this.paintMs + (ms - this.paintMs) * PAINT_SMOOTHING;
    this.pacer.setEvery(chartUpdateMs(this.paintMs));
  };

  /**
   * A new market on the same chart (issue 22 item 2: creating a chart is most of a switch's cost): its candles go at
   * once, and the next history is drawn scrolled to its latest candle.
   */
  clear(): void {
    this.pacer.cancel();
    cancelHeavyPaint(this);
    this.shown = null;
    this.hovered = null;
    this.lines = this.computeLines();
    this.candles.setData([]);
    this.volume.setData([]);
    for (const series of this.lineSeries.values()) series.setData([]);
    this.toLatest = true;
    this.renderLegend();
  }

  /** Compares `next` with what is shown again: the chart may have moved since the update was kept. */
  private applyCandles(next: Float64Array): void {
    const change = candleChange(this.shown, next);
    if (change.kind === 'none') return;
    // A copy: the legend and a theme or indicator change read it long after the snapshot's ring slot is reused.
    this.shown = next.slice();
    this.lines = this.computeLines();
    if (change.kind === 'reset') {
      this.setAll();
      if (this.toLatest) this.chart.timeScale().scrollToRealTime();
      this.toLatest = false;
    } else {
      const n = candleCount(next);
      for (let i = change.from; i < n; i++) {
        this.candles.update(this.bar(i));
        this.volume.update(this.volumeBar(i));
        for (const line of this.lines) {
          const value = line.values[i] as number;
          if (!Number.isNaN(value)) this.lineSeries.get(line.key)?.update({ time: this.timeAt(i), value });
        }
      }
    }
    this.renderLegend();
  }

  setIndicators(indicators: readonly IndicatorId[]): void {
    this.options = { ...this.options, indicators };
    this.lines = this.computeLines();
    const wanted = new Set(this.lines.map((l) => l.key));
    for (const [key, series] of this.lineSeries) {
      if (wanted.has(key)) continue;
      this.chart.removeSeries(series);
      this.lineSeries.delete(key);
    }
    for (const line of this.lines) {
      if (this.lineSeries.has(line.key)) continue;
      const series = this.chart.addSeries(LineSeries, {
        color: line.color,
        lineWidth: 1,
        lastValueVisible: false,
        priceLineVisible: false,
        crosshairMarkerVisible: false,
        priceFormat: this.priceFormat(),
      });
      this.lineSeries.set(line.key, series);
      series.setData(this.lineData(line));
    }
    this.renderLegend();
  }

  setPriceScale(priceScale: number): void {
    if (priceScale === this.options.priceScale) return;
    this.options = { ...this.options, priceScale };
    this.applyPriceScale();
    this.renderLegend();
  }

  setTheme(theme: ChartTheme): void {
    const was = this.options.theme;
    // Called on any style change of <html>: only a real colour or font change is worth redrawing the volume.
    if ((Object.keys(theme) as (keyof ChartTheme)[]).every((k) => theme[k] === was[k])) return;
    this.options = { ...this.options, theme };
    this.applyTheme();
    // Volume bars carry their colour per bar.
    if (this.shown) this.volume.setData(this.volumeData());
    this.renderLegend();
  }

  setLabels(labels: LegendLabels, locale: string): void {
    this.options = { ...this.options, labels, locale };
    this.chart.applyOptions({ localization: { locale } });
    this.renderLegend();
  }

  dispose(): void {
    this.pacer.cancel();
    cancelHeavyPaint(this);
    this.chart.unsubscribeCrosshairMove(this.onCrosshair);
    this.chart.remove();
    this.lineSeries.clear();
    this.shown = null;
  }

  private readonly onCrosshair = (param: MouseEventParams<Time>) => {
    const time = param.point && typeof param.time === 'number' ? param.time * 1000 : null;
    if (time === this.hovered) return;
    this.hovered = time;
    this.renderLegend();
  };

  private applyTheme(): void {
    const { theme } = this.options;
    this.chart.applyOptions({
      layout: {
        background: { type: ColorType.Solid, color: 'transparent' },
        textColor: theme.muted,
        fontFamily: theme.font,
        fontSize: 11,
      },
      grid: { vertLines: { color: theme.grid }, horzLines: { color: theme.grid } },
      rightPriceScale: { borderColor: theme.grid },
      timeScale: { borderColor: theme.grid },
      crosshair: {
        vertLine: { color: theme.muted, labelBackgroundColor: theme.grid },
        horzLine: { color: theme.muted, labelBackgroundColor: theme.grid },
      },
    });
    this.candles.applyOptions({
      upColor: theme.up,
      downColor: theme.down,
      wickUpColor: theme.up,
      wickDownColor: theme.down,
    });
  }

  /** Decimals and tick step of the market; the labels themselves go through formatPrice (localization). */
  private priceFormat() {
    const precision = decimalsOf(this.options.priceScale);
    return { type: 'price' as const, precision, minMove: Number((10 ** -precision).toFixed(precision)) };
  }

  private applyPriceScale(): void {
    const priceFormat = this.priceFormat();
    this.candles.applyOptions({ priceFormat });
    for (const series of this.lineSeries.values()) series.applyOptions({ priceFormat });
  }

  private computeLines(): IndicatorLine[] {
    const candles = this.shown ?? new Float64Array();
    return this.options.indicators.flatMap((id) => indicatorLines(id, candles));
  }

  private setAll(): void {
    const n = this.shown ? candleCount(this.shown) : 0;
    const bars = new Array(n);
    for (let i = 0; i < n; i++) bars[i] = this.bar(i);
    this.candles.setData(bars);
    this.volume.setData(this.volumeData());
    for (const line of this.lines) this.lineSeries.get(line.key)?.setData(this.lineData(line));
  }

  private timeAt(i: number): UTCTimestamp {
    return toTime(this.shown?.[i * CANDLE_COLUMNS] ?? 0);
  }

  private bar(i: number) {
    const c = this.shown as Float64Array;
    const at = i * CANDLE_COLUMNS;
    return {
      time: toTime(c[at] as number),
      open: c[at + 1] as number,
      high: c[at + 2] as number,
      low: c[at + 3] as number,
      close: c[at + 4] as number,
    };
  }

  private volumeBar(i: number) {
    const c = this.shown as Float64Array;
    const at = i * CANDLE_COLUMNS;
    const up = (c[at + 4] as number) >= (c[at + 1] as number);
    const { theme } = this.options;
    return {
      time: toTime(c[at] as number),
      value: c[at + 5] as number,
      color: withAlpha(up ? theme.up : theme.down, VOLUME_ALPHA),
    };
  }

  private volumeData() {
    const n = this.shown ? candleCount(this.shown) : 0;
    const out = new Array(n);
    for (let i = 0; i < n; i++) out[i] = this.volumeBar(i);
    return out;
  }

  /** Only the defined points: an indicator starts once it has enough candles. */
  private lineData(line: IndicatorLine) {
    const out: { time: UTCTimestamp; value: number }[] = [];
    line.values.forEach((value, i) => {
      if (!Number.isNaN(value)) out.push({ time: this.timeAt(i), value });
    });
    return out;
  }

  /** The legend of the hovered candle, else the last one: time, OHLC, change, volume, then the indicator values. */
  private renderLegend(): void {
    const c = this.shown;
    const n = c ? candleCount(c) : 0;
    const hoveredAt = c && this.hovered !== null ? candleIndexAt(c, this.hovered) : -1;
    const i = hoveredAt >= 0 ? hoveredAt : n - 1;
    const { labels, priceScale, theme, interval } = this.options;
    const ohlc: LegendItem[] = [];
    const values: LegendItem[] = [];
    if (c && i >= 0) {
      const at = i * CANDLE_COLUMNS;
      const open = c[at + 1] as number;
      const close = c[at + 4] as number;
      const color = close >= open ? theme.up : theme.down;
      this.legend.dataset.time = String(c[at]);
      ohlc.push(
        ['', formatCandleTime(c[at] as number, interval)],
        [labels.open, formatPriceText(open, priceScale), color],
        [labels.high, formatPriceText(c[at + 2], priceScale), color],
        [labels.low, formatPriceText(c[at + 3], priceScale), color],
        [labels.close, formatPriceText(close, priceScale), color],
        ['', formatChangeRate(close, open), color],
        [labels.volume, abbreviate(c[at + 5])],
      );
      for (const line of this.lines) {
        const value = line.values[i] as number;
        values.push([line.label, Number.isNaN(value) ? '--' : formatPriceText(value, priceScale), line.color]);
      }
    } else {
      delete this.legend.dataset.time;
    }
    this.drawLegend([ohlc, values]);
  }

  /**
   * Writes the legend's rows: only the changed values when the labels and colours are those already shown (a new
   * trade changes a few numbers, and rebuilding the nodes costs a style pass in that frame), else the rows anew.
   */
  private drawLegend(rows: [LegendItem[], LegendItem[]]): void {
    const shape = JSON.stringify(rows.map((row) => row.map(([label, , color]) => [label, color])));
    if (shape === this.legendShape) {
      rows.flat().forEach(([, value], k) => {
        const b = this.legendValues[k];
        if (b && b.textContent !== value) b.textContent = value;
      });
      return;
    }
    this.legendShape = shape;
    const doc = this.legend.ownerDocument;
    this.legendValues = [];
    const [ohlc, values] = rows.map((row, r) => {
      const div = doc.createElement('div');
      div.className = r === 0 ? 'chart-legend-ohlc' : 'chart-legend-lines';
      for (const [label, value, color] of row) {
        const span = doc.createElement('span');
        if (label) span.append(`${label} `);
        const b = doc.createElement('b');
        b.textContent = value;
        if (color) b.style.color = color;
        span.append(b);
        div.append(span);
        this.legendValues.push(b);
      }
      return div;
    });
    this.legend.replaceChildren(ohlc as HTMLElement, values as HTMLElement);
  }
}
