import { useEffect, useRef } from 'react';
import { UP_DOWN_EVENT } from '../../app/up-down.ts';
import { CanvasSurface, cssVar } from '../../canvas/surface.ts';
import { TapePainter, tradeCount } from '../../canvas/trade-tape.ts';
import { useInViewport, useViewData } from '../../data/hooks.ts';
import { useTranslation } from '../../i18n/use-translation.ts';
import { useLatchedState } from '../../ui/use-latched-state.ts';
import { useResetOn } from '../../ui/use-reset-on.ts';
import { tradeSummary, useLiveSummary } from './live-summary.ts';
import { tradesView } from './market-views.ts';

/** The last 100 trades of a market, newest first, drawn on canvas from the worker's snapshots. */
export function RecentTrades(props: {
  symbol: string;
  coin: string;
  unit: string;
  priceScale: number;
  amountScale: number;
}) {
  const { symbol, coin, unit, priceScale, amountScale } = props;
  const { t } = useTranslation();
  const section = useRef<HTMLElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const surface = useRef<CanvasSurface | null>(null);
  const visible = useInViewport(section);
  const [empty, setEmpty] = useLatchedState(true);
  // Mounted across a market switch (issue 22 item 2): the new market's tape is loading until its first snapshot.
  useResetOn(symbol, () => setEmpty(true));
  const scales = useRef({ priceScale, amountScale });
  scales.current = { priceScale, amountScale };

  const trades = useViewData(tradesView(symbol), visible, (snapshot) => {
    const count = tradeCount(snapshot.trades);
    setEmpty(count === 0);
    const el = section.current;
    if (el) {
      el.dataset.count = String(count);
      el.dataset.newest = count ? `${snapshot.trades[3]}:${snapshot.trades[0]}:${snapshot.trades[2]}` : '';
    }
    surface.current?.invalidate();
  });

  // The newest trade for screen readers, from the snapshot the tape paints, on a timer of its own.
  const summary = useLiveSummary((tr, lang) =>
    tradeSummary(tr, lang, trades.current?.trades, scales.current, { coin, unit }),
  );

  // biome-ignore lint/correctness/useExhaustiveDependencies: one surface for the panel's life; it draws the latest refs.
  useEffect(() => {
    const root = section.current;
    const el = canvas.current;
    if (!root || !el) return;
    const painter = new TapePainter();
    const style = () => ({
      colors: {
        up: cssVar(root, '--up', '#0ecb81'),
        down: cssVar(root, '--down', '#f6465d'),
        text: cssVar(root, '--text', '#eaecef'),
        muted: cssVar(root, '--muted', '#848e9c'),
      },
      font: `12px ${getComputedStyle(root).fontFamily || 'sans-serif'}`,
    });
    // Read on full repaints only (computed style is not free at 60 Hz).
    let look = style();
    const made = new CanvasSurface(
      el,
      (ctx, size, full) => {
        if (full) look = style();
        painter.paint(
          ctx,
          size,
          {
            trades: trades.current?.trades,
            priceScale: scales.current.priceScale,
            amountScale: scales.current.amountScale,
            colors: look.colors,
            font: look.font,
          },
          full,
        );
        // In the book's frame budget, so a chart repaint's frame is left to the chart (yieldNextFrame).
      },
      { budgeted: true },
    );
    surface.current = made;
    // A new up/down colour choice repaints with the swapped colours.
    const recolour = () => made.invalidate(true);
    window.addEventListener(UP_DOWN_EVENT, recolour);
    return () => {
      window.removeEventListener(UP_DOWN_EVENT, recolour);
      made.dispose();
      surface.current = null;
    };
  }, []);
  // A new market's tape is painted whole.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the symbol is what changed.
  useEffect(() => surface.current?.invalidate(true), [symbol]);

  return (
    <section ref={section} className="trade-panel trade-trades" aria-labelledby="trade-trades-title">
      <header className="panel-head">
        <h2 id="trade-trades-title">{t('trade.trades.title')}</h2>
      </header>
      <div className="tape-columns" aria-hidden="true">
        <span>{t('trade.book.price', { unit })}</span>
        <span>{t('trade.book.amount', { coin })}</span>
        <span>{t('trade.trades.time')}</span>
      </div>
      <div className="tape-body">
        <canvas
          ref={canvas}
          className="tape"
          role="img"
          aria-label={t('trade.trades.tape')}
          aria-describedby={summary.id}
        />
        {empty && <p className="panel-empty">{t('common.loading')}</p>}
      </div>
      <output {...summary.region} />
    </section>
  );
}
