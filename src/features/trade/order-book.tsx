import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BookStatus, FeedState, Snapshot } from '../../../workers/api.ts';
import { BOOK_COLUMNS } from '../../../workers/api.ts';
import {
  isOwnLevel,
  type LadderColors,
  LadderPainter,
  levelAt,
  maxCumulative,
  ROW_HEIGHT,
  rowsThatFit,
} from '../../canvas/book-ladder.ts';
import { CanvasSurface, cssVar, type DrawFn } from '../../canvas/surface.ts';
import { useInViewport, useTicker, useViewData } from '../../data/hooks.ts';
import { formatPrice } from '../../format/price.ts';
import { GROUP_STEPS, groupedPriceScale, groupStepLabel } from './market.ts';
import { pickPrice } from './price-store.ts';

export type BookView = 'both' | 'bids' | 'asks';
type Readout = 'live' | 'stale' | 'resyncing' | 'connecting';

/** Levels asked of the worker per side: more than any panel shows. */
const DEPTH = 50;

/** What the readout says: the book's own state while the socket is up, the socket's otherwise. */
export function bookReadout(feed: FeedState | undefined, book: BookStatus | undefined): Readout {
  if (feed === undefined || feed === 'connecting') return 'connecting';
  if (feed === 'stale' || feed === 'closed') return 'stale';
  return book ?? 'resyncing';
}

function colorsOf(element: Element): LadderColors {
  return {
    up: cssVar(element, '--up', '#0ecb81'),
    down: cssVar(element, '--down', '#f6465d'),
    text: cssVar(element, '--text', '#eaecef'),
    muted: cssVar(element, '--muted', '#848e9c'),
    upBar: 'rgba(14, 203, 129, 0.14)',
    downBar: 'rgba(246, 70, 93, 0.14)',
    mark: cssVar(element, '--hover', '#2b3139'),
  };
}

function fontOf(element: Element): string {
  const family = getComputedStyle(element).fontFamily || 'sans-serif';
  return `12px ${family}`;
}

/**
 * The order book on canvas from the worker's snapshots (spec trading §2): asks above, bids below, depth bars against
 * the deeper side, cumulative volume and value per level; a click publishes the level's price for the order form.
 */
export function OrderBook(props: {
  symbol: string;
  coin: string;
  unit: string;
  priceScale: number;
  amountScale: number;
  /** Limit prices of the user's open orders here, marked on their levels. */
  own?: OwnPrices;
}) {
  const { symbol, coin, unit, priceScale, amountScale, own } = props;
  const { t } = useTranslation();
  const [view, setView] = useState<BookView>('both');
  const [group, setGroup] = useState(0);
  const [readout, setReadout] = useState<Readout>('connecting');
  const section = useRef<HTMLElement>(null);
  const askCanvas = useRef<HTMLCanvasElement>(null);
  const bidCanvas = useRef<HTMLCanvasElement>(null);
  const surfaces = useRef<{ ask: CanvasSurface | null; bid: CanvasSurface | null }>({ ask: null, bid: null });
  const hover = useRef({ ask: Number.NaN, bid: Number.NaN });
  const visible = useInViewport(section);
  const shownScale = groupedPriceScale(group, priceScale);
  const factor = 10 ** priceScale;
  const ownKey = `${own?.bids.join()}|${own?.asks.join()}|${group}|${priceScale}`;
  const ownTicks = useRef({ ask: new Set<number>(), bid: new Set<number>() });

  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the prices, grouping and scale.
  useEffect(() => {
    ownTicks.current = {
      bid: ownLevelTicks(own?.bids ?? [], 'bid', group, factor),
      ask: ownLevelTicks(own?.asks ?? [], 'ask', group, factor),
    };
    markOwn();
    surfaces.current.ask?.invalidate();
    surfaces.current.bid?.invalidate();
  }, [ownKey]);

  /** For tests and tools: the own-order levels among those received (shown prices). */
  const markOwn = () => {
    const el = section.current;
    const snapshot = book.current;
    if (!el || !snapshot) return;
    const marked: string[] = [];
    for (const [levels, set] of [
      [snapshot.asks, ownTicks.current.ask],
      [snapshot.bids, ownTicks.current.bid],
    ] as const) {
      for (let i = 0; i < levels.length; i += BOOK_COLUMNS) {
        const price = levels[i] as number;
        if (isOwnLevel(price, set, factor)) marked.push(formatPrice(price, shownScale));
      }
    }
    const shown = marked.join(' ');
    // Runs on every snapshot while the user has orders here: touch the DOM only on a change.
    if (el.dataset.ownLevels !== shown) el.dataset.ownLevels = shown;
  };

  const book = useViewData({ kind: 'book', symbol, depth: DEPTH, groupTicks: group }, visible, (snapshot) => {
    setReadout(bookReadout(snapshot.health.feed, snapshot.health.book?.status));
    const el = section.current;
    if (el) {
      // For tests and tools: what is drawn, without reading pixels.
      el.dataset.bestBid = String(snapshot.bids[0] ?? '');
      el.dataset.bestAsk = String(snapshot.asks[0] ?? '');
      el.dataset.seq = String(snapshot.health.book?.seq ?? '');
    }
    if (ownTicks.current.ask.size + ownTicks.current.bid.size > 0 || section.current?.dataset.ownLevels) markOwn();
    surfaces.current.ask?.invalidate();
    surfaces.current.bid?.invalidate();
  });

  // Scale of the painters: changing market, grouping or view repaints everything.
  const settings = useRef({ priceScale: shownScale, amountScale, factor });
  settings.current = { priceScale: shownScale, amountScale, factor };

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new market, grouping or view makes new surfaces.
  useEffect(() => {
    const root = section.current;
    if (!root) return;
    const make = (side: 'ask' | 'bid', canvas: HTMLCanvasElement | null) => {
      if (!canvas) return null;
      const painter = new LadderPainter();
      // Theme colours and font are read on full repaints only (computed style is not free at 60 Hz).
      let colors = colorsOf(root);
      let font = fontOf(root);
      const draw: DrawFn = (ctx, size, full) => {
        if (full) {
          colors = colorsOf(root);
          font = fontOf(root);
        }
        const snapshot: Extract<Snapshot, { kind: 'book' }> | null = book.current;
        const rows = rowsThatFit(size.height);
        const maxCum = Math.max(maxCumulative(snapshot?.asks, rows), maxCumulative(snapshot?.bids, rows));
        painter.paint(
          ctx,
          size,
          {
            side,
            levels: side === 'ask' ? snapshot?.asks : snapshot?.bids,
            priceScale: settings.current.priceScale,
            amountScale: settings.current.amountScale,
            maxCum,
            colors,
            font,
            hover: hover.current[side],
            own: ownTicks.current[side],
            tickFactor: settings.current.factor,
          },
          full,
        );
      };
      // Drawn within the frame budget shared with other books, and not while off screen.
      return new CanvasSurface(canvas, draw, { budgeted: true, skipOffscreen: true });
    };
    const ask = make('ask', askCanvas.current);
    const bid = make('bid', bidCanvas.current);
    surfaces.current = { ask, bid };
    return () => {
      ask?.dispose();
      bid?.dispose();
      surfaces.current = { ask: null, bid: null };
    };
  }, [symbol, group, view]);

  const levelUnder = (
    side: 'ask' | 'bid',
    event: React.PointerEvent<HTMLCanvasElement> | React.MouseEvent<HTMLCanvasElement>,
  ) => {
    const canvas = event.currentTarget;
    const rect = canvas.getBoundingClientRect();
    const levels = side === 'ask' ? book.current?.asks : book.current?.bids;
    if (!levels) return -1;
    const rows = rowsThatFit(rect.height);
    const index = levelAt(
      side,
      event.clientY - rect.top,
      Math.min(rows, levels.length / BOOK_COLUMNS),
      ROW_HEIGHT,
      rect.height,
    );
    return index < 0 ? Number.NaN : (levels[index * BOOK_COLUMNS] ?? Number.NaN);
  };

  const handlers = (side: 'ask' | 'bid') => ({
    onClick: (event: React.MouseEvent<HTMLCanvasElement>) => {
      const price = levelUnder(side, event);
      if (!Number.isFinite(price)) return;
      const shown = formatPrice(price, shownScale);
      pickPrice(symbol, shown);
      if (section.current) section.current.dataset.picked = shown;
    },
    onPointerMove: (event: React.PointerEvent<HTMLCanvasElement>) => {
      const price = levelUnder(side, event);
      if (Object.is(price, hover.current[side])) return;
      hover.current[side] = price;
      surfaces.current[side]?.invalidate();
    },
    onPointerLeave: () => {
      hover.current[side] = Number.NaN;
      surfaces.current[side]?.invalidate();
    },
  });

  return (
    <section
      ref={section}
      className="trade-panel trade-book"
      aria-labelledby="trade-book-title"
      data-view={view}
      data-group={group}
    >
      <header className="panel-head">
        <h2 id="trade-book-title">{t('trade.book.title')}</h2>
        <output className={`feed-state ${readout}`} data-state={readout}>
          {t(`trade.book.${readout}`)}
        </output>
      </header>
      <div className="book-tools">
        <div className="book-views">
          {(['both', 'bids', 'asks'] as const).map((v) => (
            <button
              key={v}
              type="button"
              aria-pressed={view === v}
              className={`book-view ${v}`}
              title={t(`trade.book.${v}`)}
              aria-label={t(`trade.book.${v}`)}
              onClick={() => setView(v)}
            >
              <span aria-hidden="true" />
            </button>
          ))}
        </div>
        <label className="book-group">
          <span className="sr-only">{t('trade.book.group')}</span>
          <select value={group} onChange={(e) => setGroup(Number(e.target.value))} title={t('trade.book.group')}>
            {GROUP_STEPS.map((g) => (
              <option key={g} value={g}>
                {groupStepLabel(g, priceScale)}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="book-columns" aria-hidden="true">
        <span>{t('trade.book.price', { unit })}</span>
        <span>{t('trade.book.amount', { coin })}</span>
        <span>{t('trade.book.total', { coin })}</span>
        <span>{t('trade.book.value', { unit })}</span>
      </div>
      <div className="book-body" title={t('trade.book.pickHint')}>
        {view !== 'bids' && <canvas ref={askCanvas} className="book-side asks" data-side="ask" {...handlers('ask')} />}
        <MidPrice symbol={symbol} priceScale={priceScale} />
        {view !== 'asks' && <canvas ref={bidCanvas} className="book-side bids" data-side="bid" {...handlers('bid')} />}
      </div>
    </section>
  );
}

export interface OwnPrices {
  bids: readonly string[];
  asks: readonly string[];
}

/** The level ticks holding the given prices: bid buckets round down to the group, ask buckets up (as the worker). */
export function ownLevelTicks(prices: readonly string[], side: 'ask' | 'bid', groupTicks: number, factor: number) {
  const out = new Set<number>();
  for (const text of prices) {
    const ticks = Math.round(Number(text) * factor);
    if (!Number.isFinite(ticks) || ticks <= 0) continue;
    if (groupTicks <= 0) out.add(ticks);
    else out.add((side === 'bid' ? Math.floor(ticks / groupTicks) : Math.ceil(ticks / groupTicks)) * groupTicks);
  }
  return out;
}

/** The last price between the sides, coloured by its direction. */
function MidPrice({ symbol, priceScale }: { symbol: string; priceScale: number }) {
  const ticker = useTicker(symbol);
  const last = ticker?.values[0];
  const previous = useRef<{ price: number; dir: 'up' | 'down' }>({ price: Number.NaN, dir: 'up' });
  if (last !== undefined && last !== previous.current.price) {
    const before = previous.current.price;
    previous.current = {
      price: last,
      dir:
        Number.isFinite(before) && last < before
          ? 'down'
          : Number.isFinite(before) && last > before
            ? 'up'
            : previous.current.dir,
    };
  }
  return (
    <div className={`book-mid ${previous.current.dir}`} data-testid="book-mid">
      {last === undefined ? '--' : formatPrice(last, priceScale)}
    </div>
  );
}
